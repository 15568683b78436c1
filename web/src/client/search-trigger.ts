/**
 * The search entry points' stand-in in the page script until their module (search-entry.ts) is
 * there: the first click on the search button or press of the shortcut loads it and opens search,
 * pointing at the button or pressing Ctrl/Cmd loads it and warms it up. Once the module is installed
 * it answers by itself and this stays out of the way.
 */
import {eventClosest, listen, cleanupAll, type Cleanup} from '../components/dom'
import {CLASS, ID} from '../components/seam'
import {isSearchShortcut} from '../search/shortcuts'
import type {SearchEntry} from './search-entry'

export function searchTrigger(load: () => Promise<SearchEntry>): Cleanup {
  if (!document.getElementById(ID.searchProps)) return () => {}
  let entry: SearchEntry | null = null
  const use = (then: (entry: SearchEntry) => void) =>
    void load().then((loaded) => {
      entry = loaded
      then(loaded)
    })
  const button = `a.${CLASS.navbarSearch}`
  const onIntent = (event: Event) => {
    if (!entry && eventClosest(event, button)) use((loaded) => loaded.warm())
  }
  return cleanupAll([
    listen(window, 'keydown', (event) => {
      if (entry) return
      if (event.key === 'Control' || event.key === 'Meta') use((loaded) => loaded.warm())
      else if (!event.defaultPrevented && isSearchShortcut(event)) {
        event.preventDefault()
        use((loaded) => loaded.open())
      }
    }),
    listen(document, 'click', (event) => {
      if (entry || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || !eventClosest(event, button)) return
      event.preventDefault()
      use((loaded) => loaded.open())
    }),
    ...(['pointerover', 'focusin', 'touchstart'] as const).map((type) => listen(document, type, onIntent, {passive: true})),
  ])
}
