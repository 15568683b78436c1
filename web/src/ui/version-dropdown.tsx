/**
 * The label of the navbar's version dropdown: the version being read. Outside the docs the page
 * names the latest and the page script (versionMemory in components/behaviours.ts) puts the version
 * the reader chose before in its place, the one the navbar's doc links then lead to.
 */
import {DATA} from '../components/seam'
import type {VersionInfo} from '../site/context'

export function VersionDropdownLabel({version}: {version: VersionInfo}) {
  // dir="auto": a label in Latin script (2.x) keeps its order on right-to-left pages.
  return (
    <span {...{[DATA.versionDropdownLabel]: ''}} dir="auto">
      {version.label}
    </span>
  )
}
