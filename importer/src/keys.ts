/**
 * Deterministic `_key`s for array items and content hashes: the same input gives the same keys on
 * every run, and a key depends on its item's content, so editing one paragraph leaves the keys of
 * the others alone (which keeps studio history and TOC anchors stable across re-imports).
 */
import {createHash} from 'node:crypto'

export function contentHash(value: unknown, length = 12): string {
  const text = typeof value === 'string' ? value : stableStringify(value)
  return createHash('sha1').update(text).digest('hex').slice(0, length)
}

/** JSON with object keys sorted, so that a hash does not depend on property order. */
export function stableStringify(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item && typeof item === 'object' && !Array.isArray(item)) {
      return Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
    }
    return item
  })
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Returns a copy of `value` where every object inside an array has a `_key`. Existing keys are kept
 * (mark definitions get theirs when spans refer to them). Identical siblings get a suffix.
 */
export function withKeys<T>(value: T): T {
  return addKeys(value) as T
}

function addKeys(value: unknown): unknown {
  if (Array.isArray(value)) {
    const used = new Set<string>()
    return value.map((item) => {
      const converted = addKeys(item)
      if (!isRecord(converted)) return converted
      let key = typeof converted._key === 'string' ? converted._key : contentHash(converted)
      for (let n = 1; used.has(key); n++) key = `${contentHash(converted)}${n}`
      used.add(key)
      return {_key: key, ...converted}
    })
  }
  if (isRecord(value)) {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, addKeys(item)]))
  }
  return value
}
