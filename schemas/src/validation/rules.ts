/**
 * Validation that needs the dataset: slugs unique per type, version and language, and internal
 * links that lead to a document that exists. Run by the studio (and by the dataset test with a
 * stand-in client), through the validation context's client.
 */
import type {CustomValidator} from '@sanity/types'
import {blogBasePath, blogPathOf, DEFAULT_BLOG_PATH, DEFAULT_DOCS_PATH, docsPathOf, RESERVED_FIRST_SEGMENTS, SANITY_API_VERSION, segmentsUnder} from '../model'

export const VALIDATION_API_VERSION = SANITY_API_VERSION

/** Fields that, with the document type, scope a slug: a doc slug repeats across versions and languages. */
export type SlugScope = readonly ('version' | 'language')[]

function publishedId(id: string): string {
  return id.replace(/^drafts\./, '').replace(/^versions\.[^.]+\./, '')
}

/**
 * A custom rule: no other document of the same type (and the same values of `scope`) has this
 * value in `field`. The document's draft and published versions count as one.
 */
export function uniqueInScope(field: string, scope: SlugScope): CustomValidator<string | undefined> {
  return async (value, context) => {
    const document = context.document
    if (!value || !document) return true
    const id = publishedId(document._id)
    const params: Record<string, unknown> = {type: document._type, value, id, draft: `drafts.${id}`}
    const conditions = ['_type == $type', `${field} == $value`, '!(_id in [$id, $draft])', '!(_id in path("versions.**"))']
    for (const key of scope) {
      params[key] = (document as Record<string, unknown>)[key] ?? null
      conditions.push(`${key} == $${key}`)
    }
    const client = context.getClient({apiVersion: VALIDATION_API_VERSION})
    const clash = await client.fetch<string | null>(`*[${conditions.join(' && ')}][0]._id`, params)
    if (!clash) return true
    const where = scope.map((key) => `${key} ${String(params[key])}`).join(', ')
    return `Another ${document._type} already uses "${value}"${where ? ` (${where})` : ''}: ${publishedId(clash)}`
  }
}

/** What an internal link's address has to match in the dataset, or why it needs no lookup. */
export type LinkTarget =
  | {kind: 'none'; reason: 'external' | 'anchor' | 'file' | 'fixed-page'}
  | {kind: 'lookup'; description: string; query: string; params: Record<string, string>}
  | {kind: 'invalid'; message: string}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i
const FILE = /\/[^/]+\.[a-z][a-z0-9]{0,4}$/i
const FIXED_PAGES = new Set(['/', '/search'])

/**
 * Reads a link address the way the site routes it (addresses are written without the locale
 * prefix: the site adds the reader's), with the docs served at `docsPath` ("docs", "" for the site
 * root; see docsPathOf) and the blog at `blogPath` ("blog"). Pure, so that it is tested on its own.
 */
export function linkTarget(href: string, docsPath: string = DEFAULT_DOCS_PATH, blogPath: string = DEFAULT_BLOG_PATH): LinkTarget {
  const trimmed = href.trim()
  if (trimmed === '') return {kind: 'invalid', message: 'The link has no address'}
  if (EXTERNAL.test(trimmed)) return {kind: 'none', reason: 'external'}
  if (trimmed.startsWith('#')) return {kind: 'none', reason: 'anchor'}
  const docsRoot = docsPath ? `/${docsPath}` : ''
  if (!trimmed.startsWith('/')) {
    return {kind: 'invalid', message: `"${href}" is relative: write a site path such as ${docsRoot}/v4/rooms/ or a full https:// address`}
  }
  const path = trimmed.split(/[?#]/)[0] ?? ''
  if (FILE.test(path)) return {kind: 'none', reason: 'file'}
  const clean = path.replace(/\/+$/, '') || '/'
  if (FIXED_PAGES.has(clean) || clean === docsRoot) return {kind: 'none', reason: 'fixed-page'}
  const segments = clean.split('/').filter(Boolean)
  // A blog at the site root (blog-only mode) is read last: a page's or a doc's address is theirs.
  const inBlog = blogPath === '' ? undefined : segmentsUnder(segments, blogPath)
  if (inBlog) return blogLinkTarget(inBlog, blogPath)
  const pagePath = segments.join('/')
  // A page, or a doc of a docs set of its own (docsVersion.docsPath: community docs at /community/…).
  const ownDocs = '*[_type == "docsVersion" && defined(docsPath) && (docsPath == "/" || string::startsWith($path + "/", docsPath + "/"))]'
  let page: LinkTarget = {
    kind: 'lookup',
    description: `page /${pagePath}`,
    query: `count(*[_type == "page" && path == $path]) > 0 || count(${ownDocs}) > 0`,
    params: {path: pagePath},
  }
  if (blogPath === '') {
    const blog = blogLinkTarget(segments, blogPath)
    if (blog.kind !== 'lookup') return blog
    page = {kind: 'lookup', description: `page or ${blog.description}`, query: `(${blog.query}) || ${page.query}`, params: {...blog.params, path: pagePath}}
  }
  const inDocs = segmentsUnder(segments, docsPath)
  if (!inDocs || (docsPath === '' && RESERVED_FIRST_SEGMENTS.includes(segments[0] ?? ''))) return page
  const docs = docsLinkTarget(inDocs)
  // With docs at the site root, an address is a page's or a doc's: either will do.
  if (docsPath !== '' || docs.kind !== 'lookup') return docs
  return {
    kind: 'lookup',
    description: `page or ${docs.description}`,
    query: `(${docs.query}) || count(*[_type == "page" && path == $path]) > 0`,
    params: {...docs.params, path: pagePath},
  }
}

/** The lookup of an address under the blog's path, given its segments after it: the blog's own pages, an author's page or a post. */
function blogLinkTarget(inBlog: readonly string[], blogPath: string): LinkTarget {
  const [first, second, ...more] = inBlog
  if (
    first === undefined ||
    (first === 'archive' && second === undefined) ||
    (first === 'page' && /^[1-9]\d*$/.test(second ?? '') && more.length === 0) ||
    first === 'tags'
  )
    return {kind: 'none', reason: 'fixed-page'}
  if (first === 'authors') {
    if (second === undefined)
      return {kind: 'lookup', description: 'authors page (an author listed on it)', query: 'count(*[_type == "author" && listed != false]) > 0', params: {}}
    const tail = [second, ...more]
    const paged = tail.length >= 3 && tail.at(-2) === 'page' && /^[1-9]\d*$/.test(tail.at(-1) ?? '')
    const permalink = (paged ? tail.slice(0, -2) : tail).join('/')
    return {
      kind: 'lookup',
      description: `author page ${blogBasePath(blogPath)}/authors/${permalink}`,
      query: 'count(*[_type == "author" && page == true && permalink == $permalink]) > 0',
      params: {permalink},
    }
  }
  const slug = inBlog.join('/')
  return {kind: 'lookup', description: `blog post ${slug}`, query: 'count(*[_type == "blogPost" && slug == $slug]) > 0', params: {slug}}
}

/**
 * The lookup of an address under the docs path, given its segments after it: <segment>/<slug> is a
 * version served under its segment, or the version served at the docs' root (urlPath "") whose doc
 * slug starts with that segment: the same reading as the site's router.
 */
function docsLinkTarget(after: readonly string[]): LinkTarget {
  const [segment = '', ...rest] = after
  // One pass over the dataset keeps the candidate versions and docs; the rest is read from that
  // short list (a subquery inside a filter would scan the dataset again for every document).
  // Versions of a docs set of their own (docsPath) are not the site's docs.
  const rows =
    '*[(_type == "docsVersion" && !defined(docsPath)) || (_type == "doc" && (slug == $slug || slug == $full))]{_type, "segment": coalesce(urlPath, path), path, version, slug}'
  const versions = `{"rows": ${rows}}{rows, "named": rows[_type == "docsVersion" && segment == $segment && segment != ""][0].path, "root": rows[_type == "docsVersion" && segment == ""][0].path}`
  if (segment === '')
    return {kind: 'lookup', description: 'docs home', query: 'count(*[_type == "docsVersion" && urlPath == "" && !defined(docsPath)]) > 0', params: {}}
  if (rest[0] === 'changelog' && rest.length === 1) return {kind: 'none', reason: 'fixed-page'}
  if (rest[0] === 'changelog')
    return {
      kind: 'lookup',
      description: `release ${rest[1]}`,
      query: 'count(*[_type == "release" && version == $release]) > 0',
      params: {release: rest.slice(1).join('/')},
    }
  if (segment === 'changelog' && rest.length <= 1) {
    if (rest.length === 0) return {kind: 'none', reason: 'fixed-page'}
    return {
      kind: 'lookup',
      description: `release ${rest[0]}`,
      query: 'count(*[_type == "release" && version == $release]) > 0',
      params: {release: rest[0] ?? ''},
    }
  }
  const slug = rest.join('/')
  const full = [segment, ...rest].join('/')
  if (rest.length === 0) {
    return {
      kind: 'lookup',
      description: `docs version ${segment}`,
      query: `${versions}{"found": defined(named) || count(rows[_type == "doc" && defined(^.root) && version == ^.root && slug == $full]) > 0}.found`,
      params: {segment, slug: '', full},
    }
  }
  return {
    kind: 'lookup',
    description: `doc ${full}`,
    query: `${versions}{"found": count(rows[_type == "doc" && ((defined(^.named) && version == ^.named && slug == $slug) || (defined(^.root) && version == ^.root && slug == $full))]) > 0}.found`,
    params: {segment, slug, full},
  }
}

/** A custom rule for link annotations: the address leads to a document of the dataset. */
export const internalLinkResolves: CustomValidator<string | undefined> = async (href, context) => {
  if (href === undefined) return true
  const client = context.getClient({apiVersion: VALIDATION_API_VERSION})
  // Where the docs and the blog are served is read only for site paths.
  const sitePath = href.trim().startsWith('/') && !href.trim().startsWith('//')
  const places = sitePath
    ? await client.fetch<{docsPath?: string | null; blogPath?: string | null} | null>('*[_id == "siteSettings"][0]{docsPath, "blogPath": blog.path}')
    : null
  const target = linkTarget(href, docsPathOf(places?.docsPath), blogPathOf(places?.blogPath))
  if (target.kind === 'none') return true
  if (target.kind === 'invalid') return target.message
  const exists = await client.fetch<boolean>(target.query, target.params)
  return exists ? true : `"${href}" leads nowhere: no ${target.description} in the dataset`
}
