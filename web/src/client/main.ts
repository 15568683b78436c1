/**
 * The page script of every page: installs the page behaviours and interactive leaves over the
 * server-rendered markup, and loads the search island on demand. No framework runtime is needed
 * for that, so none is loaded (docs/reading-experience.md, "Pages without a framework runtime": the
 * measured reasons).
 *
 * What every page uses is here; the rest are modules of their own (features/, markers.ts) that a
 * page fetches only when its markup has their element: those a page needs as it shows (tabs, the
 * TOC, embeds, the search page) at once, and the export step has the browser fetch them beside
 * this script; those that wait for the reader (code copy, the mobile menu, search) when the page is
 * idle, or at the reader's first click on them, which is then given to them once they are there.
 */
import {announcementBar, dropdowns, followSystemColorMode, localeLinks, navbarAutoHide, navigation, versionMemory} from '../components/behaviours'
import {eventClosest, listen, storageGet} from '../components/dom'
import {CLASS, DATA, MOBILE_QUERY, TAB_SELECTOR, tabGroupKey} from '../components/seam'
import {colorModeToggle} from '../components/color-mode'
import {FEATURES, markerSelector, type FeatureName} from './features/markers'
import {readPageConfig} from './page-config'
import type {SearchEntry} from './search-entry'
import {searchTrigger} from './search-trigger'

type Cleanup = () => void

const MODULES: Record<Exclude<FeatureName, 'searchPage'>, () => Promise<{install: () => Cleanup | SearchEntry}>> = {
  tabs: () => import('./features/tabs'),
  toc: () => import('./features/toc'),
  embeds: () => import('./features/embeds'),
  copy: () => import('./features/copy'),
  menu: () => import('./features/menu'),
  search: () => import('./features/search'),
}

/** The module a feature is in (the search page's is search's). */
const moduleOf = (name: FeatureName) => (name === 'searchPage' ? 'search' : name)

/** The page's cleanups; a failure in any install undoes them all and shows the crash fallback. */
let cleanups: Cleanup[] = []
let installs = new Map<string, Promise<unknown>>()
/** Whether the crash fallback shows: further failures of the same start change nothing. */
let crashed = false

/** A module that arrived after a crash and its retry started the page over: that start installs its own. */
class Superseded extends Error {}

function fail(error: unknown): void {
  if (crashed || error instanceof Superseded) return
  crashed = true
  cleanups.forEach((cleanup) => cleanup())
  cleanups = []
  installs = new Map()
  void import('../components/crash-fallback').then(({showCrashFallback}) => showCrashFallback(error, start))
}

/** Fetches and installs a feature's module once per start; resolves with what its install returned. */
function installFeature<T>(name: Exclude<FeatureName, 'searchPage'>): Promise<T> {
  const generation = installs
  let pending = installs.get(name)
  if (!pending) {
    pending = MODULES[name]().then(({install}) => {
      if (generation !== installs) throw new Superseded()
      const result = install()
      cleanups.push(typeof result === 'function' ? result : result.cleanup)
      return result
    })
    installs.set(name, pending)
  }
  return pending as Promise<T>
}

/**
 * Until a waiting feature's module is there, the first click on its element is held back and given
 * again once it is installed; later clicks meanwhile are dropped (a second click on the menu button
 * would close what the first opens).
 */
const CLICKED = {copy: `button.${CLASS.codeCopy}`, menu: `.${CLASS.menuToggle}`, tabs: TAB_SELECTOR}

function holdFirstClick(name: keyof typeof CLICKED): Cleanup {
  let ready = false
  let waiting = false
  return listen(
    document,
    'click',
    (event) => {
      // The element itself, not the event's target: a tap on the menu button mostly lands on its icon's <path>.
      const target = ready ? null : eventClosest<HTMLElement>(event, CLICKED[name])
      if (!target) return
      event.preventDefault()
      event.stopImmediatePropagation()
      if (waiting) return
      waiting = true
      installFeature(name).then(() => {
        ready = true
        target.click()
      }, fail)
    },
    {capture: true},
  )
}

function whenIdle(run: () => void): Cleanup {
  const idle = () => (typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(run, {timeout: 3000}) : setTimeout(run, 1000))
  if (document.readyState === 'complete') {
    idle()
    return () => {}
  }
  return listen(window, 'load', idle, {once: true})
}

function start(): void {
  crashed = false
  try {
    const config = readPageConfig()
    for (const installer of [
      navbarAutoHide,
      dropdowns,
      localeLinks,
      () => versionMemory(config.versions),
      navigation,
      announcementBar,
      () => followSystemColorMode(config.respectSystemColorMode),
      colorModeToggle,
      () => searchTrigger(() => installFeature<SearchEntry>('search')),
    ]) {
      cleanups.push(installer())
    }
    const present = (Object.keys(FEATURES) as FeatureName[]).filter((name) => document.querySelector(markerSelector(FEATURES[name])))
    // Tab sets show the reader's earlier choice at once: their module is needed at load only then.
    const tabChoice = [...document.querySelectorAll(`.${CLASS.tabs}[${DATA.tabGroup}]`)].some(
      (tabs) => storageGet(tabGroupKey(tabs.getAttribute(DATA.tabGroup) ?? '')) !== null,
    )
    const atLoad = (name: FeatureName) => FEATURES[name].timing === 'load' || (name === 'tabs' && tabChoice)
    const now = present.filter(atLoad).map((name) => installFeature(moduleOf(name)))
    const later = present.filter((name) => !atLoad(name)).map(moduleOf)
    for (const name of later) if (name === 'copy' || name === 'menu' || name === 'tabs') cleanups.push(holdFirstClick(name))
    if (later.includes('menu')) {
      // A change of width reaches the menu's module; one that loads it now finds the page as the module would leave it.
      const mobile = window.matchMedia(MOBILE_QUERY)
      cleanups.push(
        listen(mobile, 'change', () => {
          if (installs.has('menu')) return
          installFeature<Cleanup>('menu')
            .then(() => (mobile.matches ? undefined : import('./features/menu').then((menu) => menu.onDesktopWidth())))
            .catch(fail)
        }),
      )
    }
    cleanups.push(whenIdle(() => later.forEach((name) => void installFeature(name).catch(fail))))
    Promise.all(now).then(() => {
      // Tells styles and tests that the page's behaviours are installed.
      document.documentElement.dataset.hydrated = 'true'
    }, fail)
  } catch (error) {
    fail(error)
  }
}

start()
