/**
 * The behaviours the page script loads as modules of their own, and the markup each serves: the
 * script fetches a module only on a page that has its element, and the export step (static-pages.ts)
 * tells the browser to fetch the ones a page needs at once together with the script (modulepreload).
 * One table for both sides, so that the build and the browser cannot disagree on what a page needs.
 */
import {CLASS, ID} from '../../components/seam'

/** A module needed as soon as the page shows (`load`), or only once the reader reaches for it (`use`: fetched when idle, or at the first interaction). */
export type FeatureTiming = 'load' | 'use'

export interface FeatureMarker {
  /** The element that makes a page need the feature: by class or by id. */
  class?: CLASS
  id?: ID
  timing: FeatureTiming
}

export const FEATURES = {
  // At load only when the reader chose a tab of one of the page's groups before (main.ts): else the server's first tab stands until then.
  tabs: {class: CLASS.tabs, timing: 'use'},
  toc: {class: CLASS.toc, timing: 'load'},
  embeds: {class: CLASS.lazyEmbed, timing: 'load'},
  searchPage: {id: ID.searchPageRoot, timing: 'load'},
  copy: {class: CLASS.codeCopy, timing: 'use'},
  menu: {class: CLASS.menuToggle, timing: 'use'},
  search: {class: CLASS.navbarSearch, timing: 'use'},
} as const satisfies Record<string, FeatureMarker>

export type FeatureName = keyof typeof FEATURES

/** The CSS selector of a feature's element, for the page script. */
export function markerSelector(marker: FeatureMarker): string {
  return marker.id ? `#${marker.id}` : `.${marker.class}`
}

/** Whether a page's HTML has a feature's element, for the export step (attributes as React writes them: double quotes). */
export function htmlHasMarker(html: string, marker: FeatureMarker): boolean {
  if (marker.id) return html.includes(` id="${marker.id}"`)
  const name = marker.class?.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')
  return new RegExp(`\\sclass="(?:[^"]*\\s)?${name}(?:\\s[^"]*)?"`).test(html)
}
