/**
 * Synced tab sets, in plain DOM code over server-rendered markup (tabs.tsx): a module of the page
 * script fetched only by pages that have tabs (client/features/markers.ts).
 */
import {cleanupAll, eventClosest, listen, storageGet, storageSet, type Cleanup} from './dom'
import {CLASS, DATA, EVENT, STORAGE, TAB_SELECTOR, panelsOf, tabGroupKey, tabsOf, withData} from './seam'

/** The index a tab set shows for a stored or broadcast value; -1 when the set has no such tab. */
export function tabIndexFor(values: readonly string[], value: string | null): number {
  return value === null ? -1 : values.indexOf(value)
}

function selectTab(tabs: HTMLElement, index: number): void {
  const buttons = tabsOf(tabs)
  const panels = panelsOf(tabs)
  if (index < 0 || index >= buttons.length) return
  buttons.forEach((button, position) => {
    button.setAttribute('aria-selected', String(position === index))
    button.tabIndex = position === index ? 0 : -1
  })
  panels.forEach((panel, position) => {
    panel.hidden = position !== index
  })
}

function tabValues(tabs: HTMLElement): string[] {
  return tabsOf(tabs).map((button) => button.getAttribute(DATA.tabValue) ?? '')
}

/**
 * Tab sets: a click or the arrow keys switch panels; sets sharing a group id follow each other,
 * remember the choice in localStorage and follow it in the reader's other open pages too.
 */
export function tabGroups(): Cleanup {
  const grouped = `.${CLASS.tabs}${withData(DATA.tabGroup)}`
  const follow = (groupId: string, value: string | null) => {
    for (const tabs of document.querySelectorAll<HTMLElement>(grouped)) {
      if (tabs.getAttribute(DATA.tabGroup) === groupId) selectTab(tabs, tabIndexFor(tabValues(tabs), value))
    }
  }
  const groups = new Set([...document.querySelectorAll<HTMLElement>(grouped)].map((tabs) => tabs.getAttribute(DATA.tabGroup) ?? ''))
  groups.forEach((groupId) => follow(groupId, storageGet(tabGroupKey(groupId))))

  const choose = (tabs: HTMLElement, index: number) => {
    selectTab(tabs, index)
    const groupId = tabs.getAttribute(DATA.tabGroup)
    const value = tabValues(tabs)[index]
    if (!groupId || value === undefined) return
    storageSet(tabGroupKey(groupId), value)
    follow(groupId, value)
    window.dispatchEvent(new CustomEvent(EVENT.tabGroup, {detail: {groupId, value}}))
  }
  const tabOf = (event: Event) => {
    const tab = eventClosest<HTMLButtonElement>(event, TAB_SELECTOR)
    const tabs = tab?.closest<HTMLElement>(`.${CLASS.tabs}`)
    return tab && tabs ? {tab, tabs, index: tabsOf(tabs).indexOf(tab)} : null
  }
  const onClick = (event: MouseEvent) => {
    const hit = tabOf(event)
    if (hit) choose(hit.tabs, hit.index)
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return
    const hit = tabOf(event)
    if (!hit) return
    const count = tabValues(hit.tabs).length
    const next = (hit.index + (event.key === 'ArrowRight' ? 1 : count - 1)) % count
    choose(hit.tabs, next)
    tabsOf(hit.tabs)[next]?.focus()
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key?.startsWith(STORAGE.tabGroupPrefix)) follow(event.key.slice(STORAGE.tabGroupPrefix.length), event.newValue)
  }
  return cleanupAll([listen(document, 'click', onClick), listen(document, 'keydown', onKeyDown), listen(window, 'storage', onStorage)])
}
