/**
 * The one script of every page: installs the page behaviours and interactive leaves over the
 * server-rendered markup, and loads the search island on demand. No framework runtime is needed
 * for that, so none is loaded (see README, "Reading experience": the measured reasons).
 */
import {announcementBar, dropdowns, followSystemColorMode, localeLinks, navbarAutoHide, navigation, tocHighlight, versionMemory} from '../components/behaviours'
import {mobileMenu} from '../components/mobile-menu'
import {showCrashFallback} from '../components/crash-fallback'
import {colorModeToggle, copyButtons, lazyEmbeds, tabGroups} from '../components/widgets'
import {readPageConfig} from './page-config'
import {searchEntry} from './search-entry'

type Cleanup = () => void

function install(): Cleanup[] {
  const config = readPageConfig()
  const cleanups: Cleanup[] = []
  // Collected one by one, so that a failure part-way still lets the retry undo what was installed.
  try {
    for (const installer of [
      navbarAutoHide,
      mobileMenu,
      dropdowns,
      localeLinks,
      () => versionMemory(config.versions),
      navigation,
      announcementBar,
      tocHighlight,
      () => followSystemColorMode(config.respectSystemColorMode),
      colorModeToggle,
      copyButtons,
      tabGroups,
      lazyEmbeds,
      searchEntry,
    ]) {
      cleanups.push(installer())
    }
  } catch (error) {
    cleanups.forEach((cleanup) => cleanup())
    throw error
  }
  return cleanups
}

function start(): void {
  try {
    install()
    // Tells styles and tests that the page's behaviours are installed.
    document.documentElement.dataset.hydrated = 'true'
  } catch (error) {
    showCrashFallback(error, start)
  }
}

start()
