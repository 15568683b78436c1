/**
 * The table of contents' highlight of the heading being read: a module of the page script fetched
 * only by pages with a TOC (client/features/markers.ts).
 */
import {cleanupAll, listen, type Cleanup} from './dom'
import {CLASS} from './seam'

/** The TOC entry of the heading being read: the last one whose top has passed under the navbar. */
export function activeHeading(tops: ReadonlyArray<{id: string; top: number}>, offset: number): string | null {
  let active: string | null = tops[0]?.id ?? null
  for (const heading of tops) {
    if (heading.top - offset <= 1) active = heading.id
    else break
  }
  return active
}

/** Highlights the table-of-contents link of the heading in view. */
export function tocHighlight(): Cleanup {
  const links = [...document.querySelectorAll<HTMLAnchorElement>(`.${CLASS.toc} a[href^="#"]`)]
  if (links.length === 0) return () => {}
  const headings = links.flatMap((link) => {
    const element = document.getElementById(decodeURIComponent(link.hash.slice(1)))
    return element ? [{link, element}] : []
  })
  let frame = 0
  const update = () => {
    frame = 0
    const offset = (document.querySelector<HTMLElement>(`.${CLASS.navbar}`)?.offsetHeight ?? 0) + 16
    const id = activeHeading(
      headings.map(({element}) => ({id: element.id, top: element.getBoundingClientRect().top})),
      offset,
    )
    for (const {link, element} of headings) {
      const current = element.id === id
      link.classList.toggle(CLASS.tocActive, current)
      if (current) link.setAttribute('aria-current', 'location')
      else link.removeAttribute('aria-current')
    }
  }
  update()
  const schedule = () => {
    frame ||= requestAnimationFrame(update)
  }
  const cleanups = [listen(window, 'scroll', schedule, {passive: true}), listen(window, 'resize', schedule, {passive: true})]
  return cleanupAll(cleanups)
}
