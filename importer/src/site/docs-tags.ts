/**
 * The docs' tags: the tags file each version may have (the docs plugin's `tags` option, `tags.yml`
 * in the version's folder by default; a locale's own file in its translations folder gives that
 * locale's labels and descriptions), the labels a doc's `tags` front matter names (keys of the file,
 * plain labels or `{label, permalink}` objects), and the tags with an address or description of
 * their own as the site settings keep them (docsTags).
 */
import {TAG_PERMALINK, tagPermalink} from '@site/schemas/model'
import type {Locale} from '@site/schemas/model'
import type {DiagnosticLog} from '../diagnostics'
import {isRecord} from '../front-matter'
import {type BlogTagDefinition, loadBlogTags} from './blog-tags'
import type {DocEntry} from './entries'
import {docsI18nFolder, docsOptionsOf, i18nFolder, type SiteConfig} from './site-config'

/** A version's tags files: the default locale's and each other locale's own, by key. */
export interface DocsTagFiles {
  /** By version path, then locale. */
  byVersion: ReadonlyMap<string, ReadonlyMap<Locale, ReadonlyMap<string, BlogTagDefinition>>>
  /** By version path, its docs plugin's onInlineTags: what a tag the file does not define does (Docusaurus's default: warn). */
  onInlineTags: ReadonlyMap<string, InlineTagsPolicy>
}

type InlineTagsPolicy = 'ignore' | 'log' | 'warn' | 'throw'

/** Reads every version's tags file and each locale's own (none when the docs' `tags` option is false or null). */
export async function loadDocsTagFiles(contentDir: string, site: SiteConfig, log: DiagnosticLog): Promise<DocsTagFiles> {
  const byVersion = new Map<string, Map<Locale, ReadonlyMap<string, BlogTagDefinition>>>()
  const seenSets = new Set<unknown>()
  const onInlineTags = new Map<string, InlineTagsPolicy>()
  for (const version of site.versions) {
    // Each docs plugin (the site's, a second instance) has its own options and translations folder.
    const options = docsOptionsOf(site, version)
    const owner = {
      option: version.instance ? `${version.instance.field}[1].tags` : 'docs.tags',
      tagsRoute: `/${[version.docsPath ?? site.docsPath, 'tags'].filter(Boolean).join('/')}`,
    }
    // A file the option names must exist for the newest version of each set; older versions may predate it.
    const first = !seenSets.has(version.instance)
    seenSets.add(version.instance)
    const perLocale = new Map<Locale, ReadonlyMap<string, BlogTagDefinition>>()
    perLocale.set(
      site.defaultLocale,
      await loadBlogTags(contentDir, version.docsDir, options, log, [], {...owner, required: typeof options.tags === 'string' && first}),
    )
    for (const locale of site.locales) {
      if (locale === site.defaultLocale) continue
      const dir = `i18n/${i18nFolder(site, locale)}/${docsI18nFolder(version)}/${version.i18nDir}`
      const own = await loadBlogTags(contentDir, dir, options, log, [], {...owner, required: false})
      if (own.size > 0) perLocale.set(locale, own)
    }
    byVersion.set(version.path, perLocale)
    const policy = options.onInlineTags
    const known: InlineTagsPolicy = policy === 'ignore' || policy === 'log' || policy === 'throw' ? policy : 'warn'
    onInlineTags.set(version.path, known)
    if (first && policy !== undefined && policy !== known)
      log.warn({
        file: site.configFile,
        field: owner.option.replace(/tags$/, 'onInlineTags'),
        message: `expected "ignore", "log", "warn" or "throw", got ${JSON.stringify(policy)}: "warn" is used`,
      })
  }
  return {byVersion, onInlineTags}
}

/** A doc's tag as its front matter resolves: the label it shows, and an address of its own when it has one. */
export interface ResolvedDocTag {
  label: string
  permalink?: string
  description?: string
}

/**
 * The tags of a doc's front matter: a key of its version's tags file (the locale's own file first)
 * gives that tag; another text is an inline tag (reported by onInlineTags when the version has a
 * tags file, as Docusaurus does); an object gives its label and address.
 */
export function docTags(entry: DocEntry, files: DocsTagFiles | undefined, defaultLocale: Locale, log: DiagnosticLog): ResolvedDocTag[] | undefined {
  const value = entry.frontMatter.data.tags
  if (!Array.isArray(value)) return undefined
  const versionFiles = files?.byVersion.get(entry.version.path)
  const defined = (key: string) => versionFiles?.get(entry.locale)?.get(key) ?? versionFiles?.get(defaultLocale)?.get(key)
  const hasFile = [...(versionFiles?.values() ?? [])].some((tags) => tags.size > 0)
  const line = entry.frontMatter.lineOf('tags')
  // A tag the version's tags file does not define (a text that is not one of its keys, or an object), as Docusaurus reports it.
  const policy = files?.onInlineTags.get(entry.version.path) ?? 'warn'
  const reportInline = (label: string) => {
    if (!hasFile || policy === 'ignore') return
    const diagnostic = {
      file: entry.file.path,
      line,
      field: 'tags',
      message: `"${label}" is not a tag of the version's tags file: shown as a tag of its own (onInlineTags: ${policy})`,
    }
    if (policy === 'throw') log.error(diagnostic)
    else log.warn(diagnostic)
  }
  const tags: ResolvedDocTag[] = []
  for (const item of value) {
    if (isRecord(item)) {
      const label = String(item.label)
      const own = typeof item.permalink === 'string' ? item.permalink.replace(/^\/+|\/+$/g, '') : ''
      if (own && !TAG_PERMALINK.test(own)) {
        log.warn({
          file: entry.file.path,
          line,
          field: 'tags',
          message: `"${String(item.permalink)}" (tag "${label}") is not one URL segment (letters, digits, "-", "_", "."): the tag's page is /docs/tags/${tagPermalink(label)}, the address of its label`,
        })
      }
      reportInline(label)
      tags.push({label, ...(own && TAG_PERMALINK.test(own) ? {permalink: own} : {})})
      continue
    }
    const key = String(item)
    const definition = defined(key)
    if (definition) {
      tags.push({label: definition.label, permalink: definition.permalink, ...(definition.description ? {description: definition.description} : {})})
      continue
    }
    reportInline(key)
    tags.push({label: key})
  }
  // A tag named twice is shown once.
  return tags.filter((tag, index) => tags.findIndex((other) => other.label === tag.label) === index)
}

/**
 * The docs tags the site settings keep (docsTags): each label with an address or description of its
 * own, the descriptions by locale. When two docs give one label different addresses, the first
 * (newest version, default locale first) is kept and the other named in a warning.
 */
export function docsTagDefinitionsForSettings(
  tagged: ReadonlyArray<{entry: DocEntry; tags: readonly ResolvedDocTag[]}>,
  defaultLocale: Locale,
  log: DiagnosticLog,
): Array<Record<string, unknown>> {
  const byLabel = new Map<string, {permalink?: string; descriptions: Map<Locale, string>; file: string}>()
  const ordered = [...tagged].sort(
    (a, b) => a.entry.version.order - b.entry.version.order || Number(a.entry.locale !== defaultLocale) - Number(b.entry.locale !== defaultLocale),
  )
  for (const {entry, tags} of ordered) {
    for (const tag of tags) {
      if (!tag.permalink && !tag.description) continue
      const known = byLabel.get(tag.label)
      // A permalink that is just the label's words says nothing of its own.
      const permalink = tag.permalink && tag.permalink !== tagPermalink(tag.label) ? tag.permalink : undefined
      if (!known) {
        byLabel.set(tag.label, {
          ...(permalink ? {permalink} : {}),
          descriptions: new Map(tag.description ? [[entry.locale, tag.description]] : []),
          file: entry.file.path,
        })
        continue
      }
      if (permalink && known.permalink !== permalink) {
        log.warn({
          file: entry.file.path,
          line: entry.frontMatter.lineOf('tags'),
          field: 'tags',
          message: `the tag "${tag.label}" has the address "${permalink}" here and "${known.permalink ?? tagPermalink(tag.label)}" in ${known.file}: the first is kept`,
        })
      }
      if (tag.description && !known.descriptions.has(entry.locale)) known.descriptions.set(entry.locale, tag.description)
    }
  }
  const used = new Set<string>()
  return [...byLabel.entries()]
    .filter(([, tag]) => tag.permalink || tag.descriptions.size > 0)
    .map(([label, tag]) => {
      let key = label.replace(/[^A-Za-z0-9_-]/g, '_') || 'tag'
      while (used.has(key)) key = `${key}_`
      used.add(key)
      return {
        _key: key,
        _type: 'docsTagDefinition',
        label,
        ...(tag.permalink ? {permalink: tag.permalink} : {}),
        ...(tag.descriptions.size > 0
          ? {description: [...tag.descriptions].map(([language, value]) => ({_key: language, _type: 'localeTextValue', language, value}))}
          : {}),
      }
    })
}
