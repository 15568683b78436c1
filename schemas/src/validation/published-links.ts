/**
 * Internal links and references checked against what readers will see, while the editor types: a site path is
 * read with the site's own route rules (../routing.ts: `parseRoute` of the routing table), and the page it names
 * must exist in the published content. A target that is only a draft, only in another Content Release, or nowhere
 * is a warning (the schema marks these rules `.warning()`: Publish stays possible, and the publish's link check
 * has the last word); a target in the same release as the document being edited is fine (the release publishes
 * them together).
 */
import type {CustomValidator, Reference, ValidationContext} from '@sanity/types'
import {routingTableQuery} from '../queries'
import {parseRoute, toRoutingTable, type RouteTarget, type RoutingTable} from '../routing'
import type {RoutingTableQueryResult} from '../sanity.types'
import {SANITY_API_VERSION} from '../model'

/** What makes a link's page exist: a GROQ filter on the documents that make it, and how to name it. */
export type PublishedLinkTarget =
  {kind: 'none'} | {kind: 'invalid'; message: string} | {kind: 'lookup'; description: string; filter: string; params: Record<string, string | string[]>}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i
const FILE = /\/[^/]+\.[a-z][a-z0-9]{0,4}$/i

/** The documents a route target needs, or none for the site's own pages (home, search, lists, tag and author indexes). */
function lookupOf(target: RouteTarget, table: RoutingTable): PublishedLinkTarget {
  const defaultLocale = table.locales.defaultLocale
  switch (target.kind) {
    case 'doc':
      return {
        kind: 'lookup',
        description: `doc ${target.version}/${target.slug}`,
        filter: '_type == "doc" && version == $version && slug == $slug && language == $locale',
        params: {version: target.version, slug: target.slug, locale: defaultLocale},
      }
    case 'docsHome':
      return {
        kind: 'lookup',
        description: `docs version ${target.version}`,
        filter: '_type == "docsVersion" && path == $version',
        params: {version: target.version},
      }
    case 'release':
      return {kind: 'lookup', description: `release ${target.release}`, filter: '_type == "release" && version == $release', params: {release: target.release}}
    case 'blogPost':
      return {kind: 'lookup', description: `blog post ${target.slug}`, filter: '_type == "blogPost" && slug == $slug', params: {slug: target.slug}}
    case 'blogAuthor':
      return {
        kind: 'lookup',
        description: `author page ${target.author}`,
        filter: '_type == "author" && page == true && permalink == $author',
        params: {author: target.author},
      }
    case 'page':
      return {kind: 'lookup', description: `page /${target.path}`, filter: '_type == "page" && path == $path', params: {path: target.path}}
    case 'notFound':
      return {kind: 'invalid', message: 'no page of the site has this address'}
    default:
      return {kind: 'none'}
  }
}

/**
 * Where a link address leads, by the site's route rules: nowhere to check (an external address, an anchor, a file,
 * one of the site's own pages), a page that needs documents, or no page at all. `table` is needed for site paths
 * only (null: they are not checked).
 */
export function publishedLinkTarget(href: string, table: RoutingTable | null): PublishedLinkTarget {
  const problem = linkAddressProblem(href)
  if (problem) return {kind: 'invalid', message: problem}
  const trimmed = href.trim()
  if (EXTERNAL.test(trimmed) || trimmed.startsWith('#')) return {kind: 'none'}
  const path = trimmed.split(/[?#]/)[0] ?? ''
  if (FILE.test(path) || !table) return {kind: 'none'}
  const target = lookupOf(parseRoute(table, path.split('/').filter(Boolean)), table)
  return target.kind === 'invalid' ? {kind: 'invalid', message: `"${href}" leads nowhere: ${target.message}`} : target
}

/** What is wrong with the way an address is written (empty, relative), whatever the content: undefined when nothing. */
export function linkAddressProblem(href: string): string | undefined {
  const trimmed = href.trim()
  if (trimmed === '') return 'The link has no address'
  if (EXTERNAL.test(trimmed) || trimmed.startsWith('#') || trimmed.startsWith('/')) return undefined
  return `"${href}" is relative: write a site path such as /docs/v4/rooms/ or a full https:// address`
}

/** A custom rule (an error) for rich-text link addresses: written as a site path, an anchor or a full address. */
export const linkAddressIsValid: CustomValidator<string | undefined> = (href) => (href === undefined ? true : (linkAddressProblem(href) ?? true))

/** The release a document being edited belongs to (`versions.<release>.<id>`), if any. */
export function releaseOf(id: string | undefined): string | undefined {
  return id ? /^versions\.([^.]+)\./.exec(id)?.[1] : undefined
}

interface Where {
  published: boolean
  inRelease: boolean
  draft: {title: string} | null
  /** Ids of the versions in Content Releases. */
  releases: string[]
}

type Fetch = <R>(query: string, params?: Record<string, unknown>) => Promise<R>

/**
 * The validation context's client, asked in the raw perspective (published documents, drafts and versions in
 * releases side by side): the rules tell them apart by id, whatever the client's default perspective.
 */
function fetchOf(context: ValidationContext): Fetch {
  return (query, params) => context.getClient({apiVersion: SANITY_API_VERSION}).fetch(query, params ?? {}, {perspective: 'raw'})
}

/** Where the documents a filter matches are (one pass over the dataset): published, in the edited document's release, a draft, other releases. */
async function whereIs(fetch: Fetch, lookup: Extract<PublishedLinkTarget, {kind: 'lookup'}>, editedRelease: string | null): Promise<Where> {
  return whereOf(await fetch<Array<{_id: string; title: string}>>(`*[${lookup.filter}]{_id, "title": coalesce(title, _id)}`, lookup.params), editedRelease)
}

/** Where documents found in every form (published, draft, versions) are for readers. */
function whereOf(found: ReadonlyArray<{_id: string; title: string}>, editedRelease: string | null): Where {
  const draft = found.find((document) => document._id.startsWith('drafts.'))
  return {
    published: found.some((document) => !document._id.startsWith('drafts.') && !document._id.startsWith('versions.')),
    inRelease: editedRelease !== null && found.some((document) => document._id.startsWith(`versions.${editedRelease}.`)),
    draft: draft ? {title: draft.title} : null,
    releases: found.filter((document) => document._id.startsWith('versions.')).map((document) => document._id),
  }
}

/**
 * Routing tables read lately, per project and dataset (the validation context hands each rule a new client object,
 * over the same connection): a form checks many links at once, and the table changes rarely.
 */
const tables = new Map<unknown, {at: number; table: Promise<RoutingTable | null>}>()
const TABLE_TTL_MS = 5_000

function clientKey(context: ValidationContext): unknown {
  const client = context.getClient({apiVersion: SANITY_API_VERSION})
  const config = typeof client.config === 'function' ? client.config() : undefined
  return config?.projectId && config.dataset ? `${config.projectId}/${config.dataset}` : client
}

/** The routing table of the content as the studio sees it (drafts and releases included: an address is parsed, its existence checked apart). */
function routingTable(fetch: Fetch, key: unknown = fetch): Promise<RoutingTable | null> {
  const now = Date.now()
  const cached = tables.get(key)
  if (cached && now - cached.at < TABLE_TTL_MS) return cached.table
  // Tables read for clients gone (a publish's explanation, a closed form) are dropped with age.
  for (const [other, entry] of tables) if (now - entry.at >= TABLE_TTL_MS) tables.delete(other)
  const table = readRoutingTable(fetch)
  tables.set(key, {at: now, table})
  table.catch(() => tables.delete(key))
  return table
}

async function readRoutingTable(fetch: Fetch): Promise<RoutingTable | null> {
  const result = await fetch<RoutingTableQueryResult>(routingTableQuery, {})
  if (!result?.settings) return null
  // The raw perspective lists a version's draft beside it: one entry per version.
  const seen = new Set<string>()
  const versions = result.versions.filter((version) => {
    const key = version?.path ?? ''
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
  return toRoutingTable({...result, versions})
}

/** The warning for a target that exists only where readers will not see it, or true when they will. */
async function published(fetch: Fetch, lookup: Extract<PublishedLinkTarget, {kind: 'lookup'}>, what: string, document: ValidationContext['document']) {
  return verdict(await whereIs(fetch, lookup, releaseOf(document?._id) ?? null), what, lookup.description)
}

function verdict(where: Where, what: string, description: string): true | string {
  if (where.published || where.inRelease) return true
  if (where.draft)
    return `${what} leads to "${where.draft.title}", which is not published yet (only a draft): publish it first, or put both in one Content Release.`
  const releases = (where.releases ?? []).map((id) => /^versions\.([^.]+)\./.exec(id)?.[1]).filter(Boolean)
  if (releases.length > 0)
    return `${what} leads to a page that is only in the Content Release ${releases.map((name) => `"${name}"`).join(', ')}: put this change in that release too.`
  return `${what} leads nowhere: no ${description} on the site.`
}

/** A custom rule for link addresses (rich-text links, navigation and sidebar links): the page exists for readers. Used with `.warning()`. */
export const publishedLinkResolves: CustomValidator<string | undefined> = async (href, context) => {
  // A badly written address is linkAddressIsValid's error, not a missing page.
  if (href === undefined || linkAddressProblem(href)) return true
  const fetch = fetchOf(context)
  const trimmed = href.trim()
  // Where the docs, the blog and the versions are served is read only for site paths.
  const table = trimmed.startsWith('/') && !trimmed.startsWith('//') ? await routingTable(fetch, clientKey(context)) : null
  const target = publishedLinkTarget(href, table)
  if (target.kind === 'none') return true
  if (target.kind === 'invalid') return target.message
  return published(fetch, target, `"${href}"`, context.document)
}

/** A custom rule for references to docs (sidebars, pagination): the referenced doc is published, or in the same release. Used with `.warning()`. */
export const publishedReferenceResolves: CustomValidator<Reference | undefined> = async (reference, context) => {
  const id = reference?._ref
  if (!id) return true
  const fetch = fetchOf(context)
  // The document, its draft and its versions in releases (GROQ has no "ends with": the versions are told apart here), in one pass.
  const forms = await fetch<Array<{_id: string; title: string}>>(
    '*[_id in [$ref, "drafts." + $ref] || _id in path("versions.**")]{_id, "title": coalesce(title, _id)}',
    {ref: id},
  )
  const mine = forms.filter((form) => form._id === id || form._id === `drafts.${id}` || form._id.endsWith(`.${id}`))
  return verdict(whereOf(mine, releaseOf(context.document?._id) ?? null), 'This reference', `document ${id}`)
}

/** A custom rule for a navbar "doc link" (a slug of the version the reader browses, the latest by default): that doc exists, published. Used with `.warning()`. */
export const publishedDocSlugResolves: CustomValidator<string | undefined> = async (slug, context) => {
  if (!slug) return true
  const fetch = fetchOf(context)
  const table = await routingTable(fetch, clientKey(context))
  if (!table) return true
  const latest = await fetch<string | null>(
    '*[_type == "docsVersion" && isLast == true && !(_id in path("drafts.**")) && !(_id in path("versions.**"))][0].path',
  )
  if (!latest) return true
  return published(
    fetch,
    {
      kind: 'lookup',
      description: `doc ${latest}/${slug}`,
      filter: '_type == "doc" && version == $version && slug == $slug && language == $locale',
      params: {version: latest, slug, locale: table.locales.defaultLocale},
    },
    `The doc "${slug}"`,
    context.document,
  )
}

/** Where a link's page is for readers: published, only a draft, only in a Content Release, nowhere, or no page to check. */
export type LinkTargetState = 'published' | 'draft' | 'release' | 'missing' | 'none'

/**
 * The state of a link's target by the same rules as the studio's check, for the publish service's explanation of
 * a refused publish: `fetch` answers GROQ in the raw perspective (drafts and versions included).
 */
export async function linkTargetState(fetch: Fetch, href: string): Promise<LinkTargetState> {
  const target = publishedLinkTarget(href, await routingTable(fetch))
  if (target.kind === 'none') return 'none'
  if (target.kind === 'invalid') return 'missing'
  const where = await whereIs(fetch, target, null)
  return where.published ? 'published' : where.draft ? 'draft' : (where.releases ?? []).length > 0 ? 'release' : 'missing'
}
