/**
 * Docs tags: the tags of one version's docs in one locale (the locale's translation of each doc
 * where there is one, else the source), each with the docs that have it, as Docusaurus's
 * /docs/tags and /docs/tags/<tag> pages list them. Pure grouping plus one loader.
 */
import type {Locale, LocalizedValue, TagDefinition} from '@site/schemas/model'
import {tagAddress} from '@site/schemas/model'
import {docsNavigationQuery} from '@site/schemas/queries'
import {fetchContent} from '@site/content-source/source'
import type {SiteContext, VersionInfo} from './context'
import {docHref} from './docs'
import {oncePerKey} from '@site/content-source/once'
import {loadRoutingTable} from './routing-table-loader'

/** A tag of the site settings (docsTags): its own address and description. */
export interface DocsTagDefinition extends TagDefinition {
  description?: readonly LocalizedValue[] | null
}

/** A doc as a tag's page lists it. */
export interface TaggedDoc {
  slug: string
  title: string
  description: string | null
  unlisted: boolean
}

export interface DocsTag {
  label: string
  permalink: string
  description: readonly LocalizedValue[] | null
  /** The docs its page lists, by title: its listed docs, or all of them when none is listed. */
  docs: TaggedDoc[]
  /** Only unlisted docs have it: its page exists (their tag links lead there) but is listed nowhere, as in Docusaurus 3. */
  unlisted: boolean
}

/** A doc of the navigation query, in one language. */
export interface DocTagRow {
  slug?: string | null
  language?: string | null
  title?: string | null
  description?: string | null
  unlisted?: boolean | null
  tags?: readonly string[] | null
}

/**
 * The tags of the docs a locale shows (its translation of a doc, else the default locale's), by
 * address (labels that differ only in case or punctuation are one tag), sorted by label.
 */
export function docsTags(rows: readonly DocTagRow[], locale: Locale, definitions: readonly DocsTagDefinition[] | null | undefined): DocsTag[] {
  const shown = new Map<string, DocTagRow>()
  for (const row of rows) {
    if (!row.slug) continue
    const current = shown.get(row.slug)
    if (!current || (row.language === locale && current.language !== locale)) shown.set(row.slug, row)
  }
  const tags = new Map<string, Omit<DocsTag, 'unlisted'>>()
  for (const row of shown.values()) {
    const doc: TaggedDoc = {slug: row.slug ?? '', title: row.title || row.slug || '', description: row.description || null, unlisted: row.unlisted === true}
    for (const label of row.tags ?? []) {
      const permalink = tagAddress(label, definitions)
      if (!permalink) continue
      const tag = tags.get(permalink) ?? {
        label,
        permalink,
        description: definitions?.find((definition) => definition.label === label)?.description ?? null,
        docs: [],
      }
      if (!tag.docs.some((other) => other.slug === doc.slug)) tag.docs.push(doc)
      tags.set(permalink, tag)
    }
  }
  return [...tags.values()]
    .map((tag) => {
      const docs = [...tag.docs].sort((a, b) => a.title.localeCompare(b.title, locale))
      const listed = docs.filter((doc) => !doc.unlisted)
      return listed.length > 0 ? {...tag, docs: listed, unlisted: false} : {...tag, docs, unlisted: true}
    })
    .sort((a, b) => a.label.localeCompare(b.label, locale))
}

/** The tags of a version in the context's locale, read once per locale and version. */
export const loadDocsTags = oncePerKey(
  (context: SiteContext, version: VersionInfo) => `${context.locale}\u0000${version.path}`,
  async (context: SiteContext, version: VersionInfo): Promise<DocsTag[]> => {
    const rows = await fetchContent(docsNavigationQuery, {
      version: version.path,
      locale: context.locale,
      defaultLocale: (await loadRoutingTable()).locales.defaultLocale,
    })
    const routed = context.docSlugs.get(version.path)
    return docsTags(
      rows.filter((row) => row.slug && routed?.has(row.slug)),
      context.locale,
      context.settings.docsTags,
    )
  },
)

/** Where a tagged doc lives, for links. */
export function taggedDocHref(context: SiteContext, version: VersionInfo, doc: TaggedDoc): string {
  return docHref(context, version, doc.slug)
}
