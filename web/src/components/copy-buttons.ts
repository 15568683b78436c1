/**
 * The copy buttons of code blocks, in plain DOM code over server-rendered markup (copy-button.tsx):
 * a module of the page script fetched only by pages with code (client/features/markers.ts).
 */
import {cleanupAll, eventClosest, listen, type Cleanup} from './dom'
import {CLASS, COPY_BUTTON_DATA, readData} from './seam'

/** How long a copy button says "copied". */
export const COPIED_MS = 2000

/** The text a copy button puts on the clipboard: the code as shown, without the final newline. */
export function codeText(pre: Pick<HTMLElement, 'innerText'> | null | undefined): string {
  return (pre?.innerText ?? '').replace(/\n$/, '')
}

/** Copy buttons of code blocks: one delegated listener; the label says "copied" for two seconds. */
export function copyButtons(): Cleanup {
  const timers = new Map<HTMLButtonElement, ReturnType<typeof setTimeout>>()
  const onClick = (event: MouseEvent) => {
    const button = eventClosest<HTMLButtonElement>(event, `button.${CLASS.codeCopy}`)
    if (!button) return
    const text = codeText(button.closest(`.${CLASS.codeBlock}`)?.querySelector('pre'))
    const label = button.querySelector('span')
    void navigator.clipboard.writeText(text).then(() => {
      const {copy, copied, copyLabel} = readData(button, COPY_BUTTON_DATA)
      if (label && copied) label.textContent = copied
      if (copied) button.setAttribute('aria-label', copied)
      clearTimeout(timers.get(button))
      timers.set(
        button,
        setTimeout(() => {
          if (label && copy) label.textContent = copy
          if (copyLabel) button.setAttribute('aria-label', copyLabel)
          timers.delete(button)
        }, COPIED_MS),
      )
    })
  }
  return cleanupAll([listen(document, 'click', onClick), () => timers.forEach((timer) => clearTimeout(timer))])
}
