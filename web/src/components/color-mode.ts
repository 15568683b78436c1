/**
 * The colour mode switch, in plain DOM code over server-rendered markup (color-mode-toggle.tsx):
 * part of every page's script. The other interactive leaves are modules of their own, fetched by the
 * pages that have them: copy-buttons.ts, tab-groups.ts, lazy-embeds.ts (client/features/markers.ts).
 */
import {cleanupAll, listen, storageSet, type Cleanup} from './dom'
import {CLASS, COLOR_MODE_TOGGLE_DATA, EVENT, STORAGE, readData} from './seam'

type Mode = 'light' | 'dark'

/** The light/dark switch: its label names the current mode; a click saves the other one. */
export function colorModeToggle(): Cleanup {
  const buttons = [...document.querySelectorAll<HTMLButtonElement>(`button.${CLASS.colorModeToggle}`)]
  const current = (): Mode => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light')
  const sync = () => {
    const mode = current()
    for (const button of buttons) {
      const {label = '{mode}', light = 'light', dark = 'dark'} = readData(button, COLOR_MODE_TOGGLE_DATA)
      button.setAttribute('aria-label', label.replace('{mode}', mode === 'dark' ? dark : light))
    }
  }
  const onClick = () => {
    const next: Mode = current() === 'dark' ? 'light' : 'dark'
    document.documentElement.dataset.theme = next
    storageSet(STORAGE.theme, next)
    document.dispatchEvent(new CustomEvent(EVENT.theme))
  }
  sync()
  return cleanupAll([
    ...buttons.map((button) => listen(button, 'click', onClick)),
    // The mode may change without a click: the system preference, followed until the reader chooses.
    listen<EventTarget, string>(document, EVENT.theme, sync),
  ])
}
