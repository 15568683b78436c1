/**
 * The page script's entry in development only (next dev; see web/src/build/dev-client.ts). Next's
 * development pages are hydrated by React, which would undo what the script changes in the markup
 * while it runs, so main.ts starts once the page has loaded (Next's scripts, hydration included,
 * run before the load event) instead of as soon as the document is parsed.
 */
const loaded = new Promise<void>((resolve) => {
  if (document.readyState === 'complete') resolve()
  else window.addEventListener('load', () => resolve(), {once: true})
})

void loaded.then(() => new Promise((resolve) => setTimeout(resolve, 0))).then(() => import('./main'))
