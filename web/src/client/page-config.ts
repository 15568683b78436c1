/**
 * What the server tells the page script, as JSON in the page (#site-config and #search-props):
 * the docs versions, whether the colour mode follows the system, and the search UI's props.
 */
import type {SearchUiProps} from '../search/search-props'

export const PAGE_CONFIG_ID = 'site-config'
export const SEARCH_PROPS_ID = 'search-props'

export interface PageConfig {
  versions: string[]
  respectSystemColorMode: boolean
}

function readJson(id: string): unknown {
  const text = document.getElementById(id)?.textContent
  return text ? JSON.parse(text) : null
}

export function readPageConfig(): PageConfig {
  const value = readJson(PAGE_CONFIG_ID) as Partial<PageConfig> | null
  return {versions: Array.isArray(value?.versions) ? value.versions.map(String) : [], respectSystemColorMode: value?.respectSystemColorMode !== false}
}

export function readSearchProps(): SearchUiProps | null {
  return readJson(SEARCH_PROPS_ID) as SearchUiProps | null
}
