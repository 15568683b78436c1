/**
 * Work done once per build instead of once per page: what a page needs from a whole list (posts,
 * pages, a version's sidebars in a locale) is derived once per process and shared by every page.
 */

/** `load` memoized by a string key; a failed load is forgotten so that a later call tries again. */
export function oncePerKey<A extends unknown[], V>(key: (...args: A) => string, load: (...args: A) => Promise<V>): (...args: A) => Promise<V> {
  const loaded = new Map<string, Promise<V>>()
  return (...args: A) => {
    const id = key(...args)
    const known = loaded.get(id)
    if (known) return known
    const value = load(...args)
    loaded.set(id, value)
    value.catch(() => loaded.delete(id))
    return value
  }
}
