/**
 * The interactive leaves of a page as plain DOM code over server-rendered markup: code copy
 * buttons, synced tabs, the colour mode switch and embeds loaded on demand (with the loading and
 * error states of spec §9). Like behaviours.ts, each installer returns its cleanup.
 */

import {cleanupAll, eventClosest, listen, storageGet, storageSet, type Cleanup} from './behaviours'
import {
  CLASS,
  COLOR_MODE_TOGGLE_DATA,
  COPY_BUTTON_DATA,
  DATA,
  EVENT,
  LAZY_EMBED_DATA,
  STORAGE,
  TAB_SELECTOR,
  panelsOf,
  readData,
  tabGroupKey,
  tabsOf,
  withData,
} from './seam'

/** Spec §9: a loading indicator shows only once a load has taken this long. */
export const LOADING_DELAY_MS = 200
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

export interface LoadingLabels {
  loading: string
  error: string
  retry: string
}

/**
 * Runs `load` inside `container` with the states of spec §9: nothing for 200 ms, then a spinner;
 * on failure the error with a retry button that runs it again. Resolves once a load succeeds.
 */
export function loadWithStates(container: HTMLElement, labels: LoadingLabels, load: () => Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    const attempt = () => {
      container.querySelector(':scope > .loader, :scope > .load-error')?.remove()
      container.setAttribute('aria-busy', 'true')
      const timer = setTimeout(() => container.prepend(spinner(labels.loading)), LOADING_DELAY_MS)
      load().then(
        () => {
          clearTimeout(timer)
          container.querySelector(':scope > .loader')?.remove()
          container.removeAttribute('aria-busy')
          resolve()
        },
        () => {
          clearTimeout(timer)
          container.querySelector(':scope > .loader')?.remove()
          container.removeAttribute('aria-busy')
          container.prepend(errorBox(labels, attempt))
        },
      )
    }
    attempt()
  })
}

function spinner(loading: string): HTMLElement {
  const box = document.createElement('div')
  box.className = 'loader'
  box.setAttribute('role', 'status')
  box.innerHTML =
    '<svg class="loader-spinner" viewBox="0 0 50 50" aria-hidden="true"><circle class="loader-track" cx="25" cy="25" r="20"></circle><circle class="loader-arc" cx="25" cy="25" r="20"></circle></svg>'
  const text = document.createElement('span')
  text.className = 'visually-hidden'
  text.textContent = loading
  box.append(text)
  return box
}

function errorBox(labels: LoadingLabels, retry: () => void): HTMLElement {
  const box = document.createElement('div')
  box.className = 'load-error'
  box.setAttribute('role', 'alert')
  const message = document.createElement('p')
  message.textContent = labels.error
  const button = document.createElement('button')
  button.type = 'button'
  button.className = 'button'
  button.textContent = labels.retry
  button.addEventListener('click', retry, {once: true})
  box.append(message, button)
  return box
}

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
