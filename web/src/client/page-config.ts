/**
 * What the server tells the page script, as JSON in the page (#site-config and #search-props):
 * the docs versions, whether the colour mode follows the system, and the search UI's props.
 */
import type {SearchUiProps} from '../search/search-props'
import type {PageConfig} from '../components/page-script'
import {ID} from '../components/seam'

function readJson(id: string): unknown {
  const text = document.getElementById(id)?.textContent
  return text ? JSON.parse(text) : null
}

export function readPageConfig(): PageConfig {
  const value = readJson(ID.pageConfig) as Partial<PageConfig> | null
  return {versions: Array.isArray(value?.versions) ? value.versions.map(String) : [], respectSystemColorMode: value?.respectSystemColorMode !== false}
}

export function readSearchProps(): SearchUiProps | null {
  return readJson(ID.searchProps) as SearchUiProps | null
}
