/**
 * A bar above the studio when no Sanity project is set. Without a project the studio cannot reach
 * Sanity and shows only a generic network error; this names the variable to set. The studio keeps
 * the rest of the window, so that it stays usable against a local stand-in of the API (the tests).
 */
import {MISSING_PROJECT_MESSAGE} from './env'

export const NOTICE_ID = 'studio-missing-project'

export function showMissingProjectNotice(document: Document): void {
  if (document.getElementById(NOTICE_ID)) return
  const notice = document.createElement('div')
  notice.id = NOTICE_ID
  notice.setAttribute('role', 'alert')
  notice.textContent = MISSING_PROJECT_MESSAGE
  Object.assign(notice.style, {
    boxSizing: 'border-box',
    height: '3.25rem',
    overflow: 'auto',
    padding: '0.5rem 1rem',
    font: '14px/1.35 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    background: '#fff4d6',
    color: '#5c3b00',
    borderBottom: '1px solid #e8c15a',
  })
  const style = document.createElement('style')
  style.textContent = `#sanity{height:calc(100% - 3.25rem) !important}`
  const place = () => {
    document.body.prepend(notice)
    document.head.append(style)
  }
  if (document.body) place()
  else document.addEventListener('DOMContentLoaded', place, {once: true})
}
