/**
 * The names that the server markup (web/src/ui, web/src/components, web/app) and the page script
 * (web/src/client, behaviours.ts, dom.ts, color-mode.ts, copy-buttons.ts, tab-groups.ts, lazy-embeds.ts, toc-highlight.ts, mobile-menu.ts, the inline scripts) share: element
 * ids, class names, data attributes, storage keys, events and the mobile breakpoint. Both sides
 * import them from here, so a rename on one side cannot leave the other looking for the old name.
 * Enums and plain constants, not objects: esbuild inlines their values into the page script, which
 * then weighs what it did with the names written out (objects' properties would ship as objects).
 */

/** The widest viewport that gets the mobile layout (navbar folded into the slide-in menu, closed docs sidebar). The media queries of the site's stylesheets are checked against it. */
export const MOBILE_MAX_WIDTH_PX = 996
/** Written out (not built from the number) so that esbuild inlines it; a test checks that both agree. */
export const MOBILE_QUERY = '(max-width: 996px)'

/** Element ids. */
export enum ID {
  mainContent = 'main-content',
  menu = 'navbar-menu',
  docsSidebarDisclosure = 'docs-sidebar-disclosure',
  baseUrlBanner = 'base-url-banner',
  /** JSON: the page script's settings (client/page-config.ts). */
  pageConfig = 'site-config',
  /** JSON: the search UI's props. */
  searchProps = 'search-props',
  searchLoadingLabels = 'search-loading-labels',
  searchPageRoot = 'search-page-root',
  /** JSON: the strings of the crash fallback. */
  clientMessages = 'client-messages',
}

/** Class names the page script finds elements by or sets. */
export enum CLASS {
  navbar = 'navbar',
  navbarHidden = 'navbar-hidden',
  navbarDropdown = 'navbar-dropdown',
  navbarSearch = 'navbar-search',
  announcementBar = 'announcement-bar',
  announcementClose = 'announcement-close',
  toc = 'toc',
  tocActive = 'toc-active',
  codeBlock = 'code-block',
  codeCopy = 'code-copy',
  tabs = 'tabs',
  colorModeToggle = 'color-mode-toggle',
  lazyEmbed = 'lazy-embed',
  menuToggle = 'menu-toggle-button',
  menuClose = 'menu-close',
  menuBack = 'menu-back',
  menuBackdrop = 'menu-backdrop',
  menuPrimary = 'menu-primary',
  menuSecondary = 'menu-secondary',
  menuSecondaryContent = 'menu-secondary-content',
  sidebarDisclosure = 'sidebar-disclosure',
}

/** Data attributes written by the server and read by the page script, by their markup names. */
export enum DATA {
  /** On <html>: the id of the announcement bar (the pre-paint script hides it when that bar was closed). */
  announcementId = 'data-announcement-id',
  /** On the main content: the docs version being read. */
  docVersion = 'data-doc-version',
  /** On a navbar doc link: the same doc in each version ("v3 /docs/v3/x/|v2 /docs/v2/x/"). */
  docVersions = 'data-doc-versions',
  /** On a version dropdown's link: the version path it leads to. */
  version = 'data-version',
  versionDropdownLabel = 'data-version-dropdown-label',
  localeLink = 'data-locale-link',
  /** The page's sidebar, moved into the mobile menu's secondary panel. */
  menuSecondary = 'data-menu-secondary',
  /** On a tab set: the group whose sets follow each other. */
  tabGroup = 'data-group-id',
  /** On a tab: the value remembered for its group. */
  tabValue = 'data-value',
  embedUrl = 'data-embed-url',
}

/** The selector of the elements carrying a data attribute. */
export function withData(name: DATA): string {
  return `[${name}]`
}

/** localStorage keys. */
export enum STORAGE {
  theme = 'theme',
  preferredVersion = 'docs-preferred-version',
  announcementDismissed = 'announcement-dismissed',
  /** Prefix of a tab group's remembered choice (tabGroupKey). */
  tabGroupPrefix = 'tabs.',
}

export function tabGroupKey(groupId: string): string {
  return `${STORAGE.tabGroupPrefix}${groupId}`
}

/** Events the page script dispatches. */
export enum EVENT {
  /** On the document whenever the colour mode changes, by a click or by the system preference. */
  theme = 'site:theme',
  /** On the window when a tab group's choice changes: detail {groupId, value}. */
  tabGroup = 'site:tab-group',
}

/** The tabs of a tab set (components/tabs.tsx), in order; nested sets' tabs are not included. */
export function tabsOf(tabs: ParentNode): HTMLButtonElement[] {
  return [...tabs.querySelectorAll<HTMLButtonElement>(':scope > [role="tablist"] > [role="tab"]')]
}

/** The panels of a tab set, in the order of its tabs. */
export function panelsOf(tabs: ParentNode): HTMLElement[] {
  return [...tabs.querySelectorAll<HTMLElement>(':scope > [role="tabpanel"]')]
}

/** A tab of some tab set, from an element inside it. */
export const TAB_SELECTOR = `.${CLASS.tabs} > [role="tablist"] > [role="tab"]`

/**
 * The data attributes of a component whose values the page script reads as a whole (the copy
 * button's labels, the colour mode switch's names, an embed's settings), by their `dataset` keys.
 * The server writes them with dataProps, the script reads them with readData: both from one list.
 */
export const COPY_BUTTON_DATA = ['copy', 'copied', 'copyLabel'] as const
export const COLOR_MODE_TOGGLE_DATA = ['label', 'light', 'dark'] as const
export const LAZY_EMBED_DATA = ['embedUrl', 'embedTitle', 'embedHeight', 'embedSandbox', 'loading', 'error', 'retry'] as const
export const LOADING_LABELS_DATA = ['loading', 'error', 'retry'] as const

/** The markup attributes of `dataset` values: {copyLabel: 'x'} gives {'data-copy-label': 'x'}, in the keys' order. */
export function dataProps<K extends string>(keys: readonly K[], values: Record<K, string | number>): Record<`data-${string}`, string | number> {
  return Object.fromEntries(keys.map((key) => [`data-${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`, values[key]]))
}

/** The values dataProps wrote, read back from an element's dataset (a missing one is left out). */
export function readData<K extends string>(element: HTMLElement, keys: readonly K[]): Partial<Record<K, string>> {
  const values: Partial<Record<K, string>> = {}
  for (const key of keys) {
    const value = element.dataset[key]
    if (value !== undefined) values[key] = value
  }
  return values
}
