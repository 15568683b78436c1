/**
 * Embedded demos loaded on demand (markup: lazy-embed.tsx), with the loading and error states of
 * spec §9: a module of the page script fetched only by pages that embed one (client/features/markers.ts).
 */
import type {Cleanup} from './dom'
import {loadWithStates} from './load-states'
import {CLASS, DATA, LAZY_EMBED_DATA, readData, withData} from './seam'

/** Checks that a same-origin embed answers before showing it, so that a failure can be told and retried. */
async function probe(url: string): Promise<void> {
  if (!url.startsWith('/')) return
  const response = await fetch(url, {cache: 'no-store'})
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
}

/** Embedded demos: each loads when it comes near the viewport, with the loading and error states. */
export function lazyEmbeds(): Cleanup {
  const boxes = [...document.querySelectorAll<HTMLElement>(`.${CLASS.lazyEmbed}${withData(DATA.embedUrl)}`)]
  if (boxes.length === 0) return () => {}
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting || !(entry.target instanceof HTMLElement)) continue
        observer.unobserve(entry.target)
        void showEmbed(entry.target)
      }
    },
    {rootMargin: '200px'},
  )
  boxes.forEach((box) => observer.observe(box))
  return () => observer.disconnect()
}

async function showEmbed(box: HTMLElement): Promise<void> {
  const {
    embedUrl: url = '',
    embedTitle: title = '',
    embedHeight: height = '',
    embedSandbox: sandbox = '',
    loading = '',
    error = '',
    retry = '',
  } = readData(box, LAZY_EMBED_DATA)
  const labels = {loading, error, retry}
  await loadWithStates(box, labels, () =>
    probe(url).then(
      () =>
        new Promise<void>((resolve, reject) => {
          // Until the frame itself has loaded the reader still waits: the loader stays.
          const frame = document.createElement('iframe')
          frame.src = url
          frame.title = title
          if (height) frame.height = height
          frame.setAttribute('sandbox', sandbox)
          frame.className = 'lazy-embed-pending'
          frame.addEventListener(
            'load',
            () => {
              frame.classList.remove('lazy-embed-pending')
              resolve()
            },
            {once: true},
          )
          frame.addEventListener(
            'error',
            () => {
              frame.remove()
              reject(new Error(`${url} did not load`))
            },
            {once: true},
          )
          box.append(frame)
        }),
    ),
  )
}
