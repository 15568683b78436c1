/**
 * Elements a site's stylesheet hides by their name: custom elements such as playwright.dev's `<x-search>`, which
 * carries text for its search engine and which readers never see (`x-search { visibility: hidden; }`). The
 * conversion leaves their text out, as readers of the Docusaurus site do not see it.
 */
import {readFileSync} from 'node:fs'
import path from 'node:path'
import type {ConfigRecord} from '../site-config'
import {customCssFiles} from './theme'

/** A top-level rule whose selectors are only custom element names (a hyphen in each), and its declarations. */
const CUSTOM_ELEMENT_RULE = /(?<=^|\})\s*((?:[a-z][a-z0-9]*-[a-z0-9-]*\s*,\s*)*[a-z][a-z0-9]*-[a-z0-9-]*)\s*\{([^{}]*)\}/g
const HIDES = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important\s*)?(?:;|$)/

/** The custom elements the site's custom CSS hides, by lower-case name; the files' problems are the theme's to report. */
export function hiddenElementsOf(contentDir: string, config: ConfigRecord): Set<string> {
  const hidden = new Set<string>()
  for (const file of customCssFiles(config)) {
    let css: string
    try {
      css = readFileSync(path.resolve(contentDir, file), 'utf8')
    } catch {
      continue
    }
    const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, ' ')
    for (const match of withoutComments.matchAll(CUSTOM_ELEMENT_RULE)) {
      if (!HIDES.test((match[2] ?? '').trim())) continue
      for (const name of (match[1] ?? '').split(',')) hidden.add(name.trim().toLowerCase())
    }
  }
  return hidden
}
