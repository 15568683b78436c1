/** The reader's last opened results, per locale, in localStorage (nothing leaves the browser). */
import type {Locale} from '@site/schemas/model'

export interface RecentSearch {
  url: string
  title: string
  path: string
}

const LIMIT = 5

function key(locale: Locale): string {
  return `search.recent.${locale}`
}

export function readRecent(locale: Locale): RecentSearch[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key(locale)) ?? '[]')
    if (!Array.isArray(parsed)) return []
    const entries: unknown[] = parsed
    return entries
      .filter(
        (entry): entry is RecentSearch =>
          typeof entry === 'object' &&
          entry !== null &&
          'url' in entry &&
          typeof entry.url === 'string' &&
          'title' in entry &&
          typeof entry.title === 'string' &&
          'path' in entry &&
          typeof entry.path === 'string',
      )
      .slice(0, LIMIT)
  } catch {
    // Storage blocked or a value written by something else: start afresh rather than fail the modal.
    return []
  }
}

function write(locale: Locale, entries: RecentSearch[]): RecentSearch[] {
  try {
    localStorage.setItem(key(locale), JSON.stringify(entries))
  } catch {
    // Private modes may refuse storage; recent searches are a convenience.
  }
  return entries
}

export function rememberRecent(locale: Locale, entry: RecentSearch): RecentSearch[] {
  return write(locale, [entry, ...readRecent(locale).filter((other) => other.url !== entry.url)].slice(0, LIMIT))
}

export function forgetRecent(locale: Locale, url: string): RecentSearch[] {
  return write(
    locale,
    readRecent(locale).filter((entry) => entry.url !== url),
  )
}
