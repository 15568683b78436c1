/** The search keyboard shortcuts: Ctrl/Cmd+K or a bare "/", never while the reader types in a field. */

/** Whether a key press happens while the reader types: shortcuts must then stay out of the way. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false
  return target.isContentEditable || target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement
}

/** Ctrl/Cmd+K or a bare "/", outside fields. */
export function isSearchShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>): boolean {
  if (isTypingTarget(event.target)) return false
  if (event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey) return true
  return event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey
}
