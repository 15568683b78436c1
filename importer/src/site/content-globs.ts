/**
 * The `include` and `exclude` options of the docs and blog plugins: which markdown files of their
 * folder Docusaurus makes pages of (redux.js.org lists its doc folders in `include`, as its docs
 * folder also holds a package with node_modules). Files left out are not content of the site; the
 * import counts them in a progress line, as Docusaurus does not list them either.
 */
import {minimatch} from 'minimatch'
import {isExcludedMarkdown} from '../read-sources'
import type {DiagnosticLog} from '../diagnostics'
import {blogDirOf, type ConfigRecord, docsOptionsOf, i18nFolder, type SiteConfig} from './site-config'

/** Docusaurus's defaults (`@docusaurus/utils` GlobExcludeDefault and the plugins' include). */
const DEFAULT_INCLUDE = ['**/*.{md,mdx}']
const DEFAULT_EXCLUDE = ['**/_*.{js,jsx,ts,tsx,md,mdx}', '**/_*/**', '**/*.test.{js,jsx,ts,tsx}', '**/__tests__/**']
const READ_NONE = {include: [], exclude: []}

interface FolderGlobs {
  /** The folder relative to the site (docs, ../docs, versioned_docs/version-2.x, blog, i18n/fr/docusaurus-plugin-content-docs/current). */
  folder: string
  include: readonly string[]
  exclude: readonly string[]
}

function globsOf(options: ConfigRecord, field: string, configFile: string, log: DiagnosticLog): {include: string[]; exclude: string[]} {
  const list = (key: 'include' | 'exclude', fallback: string[]): string[] => {
    const value = options[key]
    if (value === undefined) return fallback
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value
    log.warn({file: configFile, field: `${field}.${key}`, message: "is not a list of glob patterns: Docusaurus's default is used"})
    return fallback
  }
  return {include: list('include', DEFAULT_INCLUDE), exclude: list('exclude', DEFAULT_EXCLUDE)}
}

/**
 * A filter of site-relative markdown paths: true for a file the docs or blog plugin makes a page of,
 * or one of another folder (pages, changelog, translations of other kinds), which it leaves alone.
 */
export function contentFileFilter(site: SiteConfig, log: DiagnosticLog): (file: string) => boolean {
  const folders: FolderGlobs[] = []
  const globsByOptions = new Map<ConfigRecord, {include: string[]; exclude: string[]}>()
  const globsFor = (options: ConfigRecord, field: string) => {
    const globs = globsByOptions.get(options) ?? globsOf(options, field, site.configFile, log)
    globsByOptions.set(options, globs)
    return globs
  }
  for (const version of site.versions) {
    // `docs: false`: Docusaurus reads none of the docs (nor their translations).
    const globs =
      site.disabled?.docs && !version.instance ? READ_NONE : globsFor(docsOptionsOf(site, version), version.instance ? version.instance.field : 'docs')
    folders.push({folder: version.docsDir, ...globs})
    const pluginFolder = version.instance ? `docusaurus-plugin-content-docs-${version.instance.id}` : 'docusaurus-plugin-content-docs'
    for (const locale of site.locales)
      if (locale !== site.defaultLocale) folders.push({folder: `i18n/${i18nFolder(site, locale)}/${pluginFolder}/${version.i18nDir}`, ...globs})
  }
  const blogGlobs = globsFor(site.blogOptions, 'blog')
  folders.push({folder: blogDirOf(site), ...blogGlobs})
  for (const locale of site.locales)
    if (locale !== site.defaultLocale) folders.push({folder: `i18n/${i18nFolder(site, locale)}/docusaurus-plugin-content-blog`, ...blogGlobs})
  // The deepest folder first: versioned_docs/version-2.x before a docs folder that would hold it.
  folders.sort((a, b) => b.folder.length - a.folder.length)
  const matches = (file: string, patterns: readonly string[]) => patterns.some((pattern) => minimatch(file, pattern, {dot: true}))
  return (file) => {
    const owner = folders.find((candidate) => file.startsWith(`${candidate.folder}/`))
    // Other folders (pages, changelog) leave partials and tests out; a docs or blog folder as its options say (a site
    // whose `exclude` leaves out Docusaurus's default makes pages of its `_` files too, as Docusaurus does).
    if (!owner) return !isExcludedMarkdown(file)
    const inside = file.slice(owner.folder.length + 1)
    return matches(inside, owner.include) && !matches(inside, owner.exclude)
  }
}
