/**
 * Cutting a new docs version from an existing one, as pure functions: the editor's request is checked
 * against the versions there are, then the source version's docs (every locale), sidebars and settings
 * become drafts of the new version, with the ids the importer would give them, links to the source
 * version moved to the new one, and translations linked again. The studio action only fetches the
 * documents and sends the mutations this module returns.
 */
import {translationFingerprint} from '@site/schemas'
import {DEFAULT_DOCS_PATH, documentId, docsPathOf, parseDocsAddress, VERSION_ID, VERSION_URL_PATH, versionBasePath, versionSegment} from '@site/schemas/model'

/** A document as the Content Lake returns it (system fields included). */
export type StoredDocument = Record<string, unknown> & {_id: string; _type: string}

export interface StoredVersion extends StoredDocument {
  path?: string
  urlPath?: string | null
  label?: string
  name?: string
  isLast?: boolean
  order?: number
  mainDoc?: string
  banner?: string
  /** Set on a version of a docs set of its own (community docs), which is not cut. */
  docsPath?: string | null
}

/** What the editor asks for in the dialog. */
export interface CutRequest {
  /** The new version's identifier (v5, 5.x), as docs and sidebars will name it. */
  path: string
  label: string
  /** Its segment in URLs: '' serves it at /docs/ itself. */
  urlPath: string
  isLast: boolean
}

/** A refusal, naming the dialog field it is about. */
export interface CutProblem {
  field: 'path' | 'label' | 'urlPath'
  message: string
}

export type Mutation = {createOrReplace: StoredDocument}

/** Something the editor should look at before publishing, with the document to open when there is one. */
export interface ReviewItem {
  title: string
  detail: string
  /** Opens the document in the studio (an edit intent). */
  document?: {id: string; type: string}
  /** A studio structure path such as `changelog`, when the item is a list rather than one document. */
  structurePath?: string
}

/** A change of another document that the cut implies, prepared as a draft of that document. */
export interface ImpliedChange {
  id: string
  type: string
  title: string
  changes: string[]
}

export interface VersionCutPlan {
  version: StoredDocument
  docs: StoredDocument[]
  sidebars: StoredDocument[]
  metadata: StoredDocument[]
  implied: ImpliedChange[]
  /** In the order they must be sent: copies first, the other versions' drafts, the new version last. */
  mutations: Mutation[]
  summary: {
    docsPerLocale: Record<string, number>
    sidebars: number
    translationLinks: number
    linksRewritten: number
    review: ReviewItem[]
  }
}

export interface CutVersionInput {
  source: StoredVersion
  /** Every docsVersion document, drafts included. */
  versions: readonly StoredVersion[]
  /** The source version's docs and sidebars, drafts included (a draft-only doc is copied from its draft). */
  documents: readonly StoredDocument[]
  /** The site settings (published or draft), whose changelog links follow the latest version. */
  settings?: StoredDocument | null
  /** The home pages (every locale, drafts included): links on them to the old latest version are listed for review. */
  homePages?: readonly StoredDocument[]
  /** The locale sidebars reference and translations come from. */
  defaultLocale: string
  request: CutRequest
}

const DRAFTS = 'drafts.'

export function publishedId(id: string): string {
  return id.startsWith(DRAFTS) ? id.slice(DRAFTS.length) : id
}

/** One entry per published id: the published document when there is one, else its draft. */
function latestEditions<T extends StoredDocument>(documents: readonly T[]): {documents: T[]; withDraft: Set<string>} {
  const byId = new Map<string, T>()
  const withDraft = new Set<string>()
  for (const document of documents) {
    const id = publishedId(document._id)
    if (document._id.startsWith(DRAFTS)) {
      withDraft.add(id)
      if (!byId.has(id)) byId.set(id, document)
    } else {
      byId.set(id, document)
    }
  }
  return {documents: [...byId.values()], withDraft}
}

function segmentOf(version: StoredVersion): string {
  return versionSegment({path: version.path ?? '', urlPath: version.urlPath})
}

/** Where a version with this URL segment is served, for messages: /docs/v5/, or /docs/ for an empty segment. */
function servedAt(docsPath: string, segment: string): string {
  return `${versionBasePath(docsPath, {path: segment, urlPath: segment})}/`
}

/** Why the request cannot be cut, per field; empty when it can. `docsPath` is where the docs are served (site settings). */
export function cutRequestProblems(request: CutRequest, versions: readonly StoredVersion[], docsPath: string = DEFAULT_DOCS_PATH): CutProblem[] {
  const problems: CutProblem[] = []
  const path = request.path.trim()
  const others = latestEditions(versions).documents
  if (!path) problems.push({field: 'path', message: 'Give the new version an identifier, such as v5'})
  else if (!VERSION_ID.test(path))
    problems.push({field: 'path', message: `"${path}" is not a version identifier: start with a letter or digit, then letters, digits, ".", "_" or "-"`})
  else {
    const taken = others.find((version) => version.path === path || publishedId(version._id) === documentId('docsVersion', path))
    if (taken)
      problems.push({
        field: 'path',
        message: `The version ${taken.label ?? taken.path} already uses the identifier "${taken.path}"${taken._id.startsWith(DRAFTS) ? ' (as a draft)' : ''}`,
      })
  }
  if (!request.label.trim()) problems.push({field: 'label', message: 'Give the new version a label for the version dropdown, such as 5.x'})
  else {
    const taken = others.find((version) => version.label === request.label.trim())
    if (taken) problems.push({field: 'label', message: `The version ${taken.path} already has the label "${taken.label}"`})
  }
  const urlPath = request.urlPath.trim()
  if (!VERSION_URL_PATH.test(urlPath)) {
    problems.push({
      field: 'urlPath',
      message: `"${urlPath}" is not a URL segment: letters, digits, ".", "_" or "-", or empty to serve the version at ${servedAt(docsPath, '')}`,
    })
    return problems
  }
  for (const version of others) {
    const moved = impliedSegment(version, request)
    if (moved !== urlPath) continue
    const where = servedAt(docsPath, urlPath)
    const why = urlPath === '' && !request.isLast ? `: only a version that becomes the latest can take ${where} from it` : ''
    problems.push({field: 'urlPath', message: `${where} already serves the version ${version.label ?? version.path}${why}`})
  }
  return problems
}

/**
 * The segment a version keeps after the cut: a latest version served at /docs/ moves to its own
 * identifier when the new latest version takes /docs/.
 */
function impliedSegment(version: StoredVersion, request: CutRequest): string {
  const segment = segmentOf(version)
  if (segment === '' && request.isLast && request.urlPath.trim() === '' && version.isLast) return version.path ?? ''
  return segment
}

/** Reads a site path under the docs path the way the site routes it (parseDocsAddress): which version it addresses, and the rest as written (`/rooms/`). */
export function docsAddress(
  pathname: string,
  versions: readonly {path: string; segment: string; docsPath?: string | null}[],
  docsPath: string,
): {version: string; rest: string; changelog: boolean} | null {
  if (!pathname.startsWith('/')) return null
  const address = parseDocsAddress(
    pathname.split('/').filter(Boolean),
    docsPath,
    versions.map((version) => ({path: version.path, urlPath: version.segment, docsPath: version.docsPath ?? null})),
  )
  if (!address) return null
  const slash = pathname.endsWith('/') ? '/' : ''
  const rest = address.rest.length > 0 ? `/${address.rest.join('/')}${slash}` : slash
  return {version: address.version.path, rest, changelog: address.rest[0] === 'changelog'}
}

interface LinkMove {
  versions: readonly {path: string; segment: string; docsPath?: string | null}[]
  /** Where the docs are served ("docs"; '' for the site root). */
  docsPath: string
  /** The version whose addresses move, and where to. */
  from: string
  toBase: string
  /** Whether changelog addresses move too (they follow the latest version). */
  changelog: boolean
}

/** The href with its version part moved, or undefined when it does not address the version that moves. */
export function movedHref(href: string, move: LinkMove): string | undefined {
  if (!href.startsWith('/') || href.startsWith('//')) return undefined
  const cut = href.search(/[?#]/)
  const pathname = cut === -1 ? href : href.slice(0, cut)
  const tail = cut === -1 ? '' : href.slice(cut)
  const address = docsAddress(pathname, move.versions, move.docsPath)
  if (!address || address.version !== move.from || address.changelog !== move.changelog) return undefined
  // The docs' own root keeps its slash: /docs/v4 → /docs/, and at the site root → /.
  const rest = address.rest === '' && move.toBase === versionBasePath(move.docsPath, {path: '', urlPath: ''}) ? '/' : address.rest
  return `${move.toBase}${rest}${tail}`
}

const MARKDOWN_LINK = /(\]\()(\/[^)\s]*)/g

/**
 * Rewrites every link address of a value (any `href` field, and markdown links in table cells) with
 * `rewrite`, counting the rewritten ones; `visit` sees every address, rewritten or not.
 */
function rewriteLinks(value: unknown, rewrite: (href: string) => string | undefined, visit: (href: string) => void, key = ''): {value: unknown; count: number} {
  if (typeof value === 'string') {
    if (key === 'href') {
      const next = rewrite(value)
      visit(next ?? value)
      return next === undefined ? {value, count: 0} : {value: next, count: 1}
    }
    if (key === 'cells') {
      let count = 0
      const next = value.replace(MARKDOWN_LINK, (_whole, open: string, href: string) => {
        const moved = rewrite(href)
        visit(moved ?? href)
        if (moved === undefined) return `${open}${href}`
        count++
        return `${open}${moved}`
      })
      return {value: next, count}
    }
    return {value, count: 0}
  }
  if (Array.isArray(value)) {
    let count = 0
    const items = value.map((item) => {
      const result = rewriteLinks(item, rewrite, visit, key === 'cells' ? 'cells' : '')
      count += result.count
      return result.value
    })
    return {value: items, count}
  }
  if (value && typeof value === 'object') {
    let count = 0
    const entries = Object.entries(value).map(([name, item]) => {
      const result = rewriteLinks(item, rewrite, visit, name)
      count += result.count
      return [name, result.value] as const
    })
    return {value: Object.fromEntries(entries), count}
  }
  return {value, count: 0}
}

/** Sidebar references to docs of the source version, pointed at their copies (weak until those are published). */
function retargetReferences(value: unknown, newIds: ReadonlyMap<string, string>, missing: Set<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => retargetReferences(item, newIds, missing))
  if (!value || typeof value !== 'object') return value
  const record = value as Record<string, unknown>
  if (record._type === 'reference' && typeof record._ref === 'string') {
    const target = newIds.get(record._ref)
    if (!target) {
      missing.add(record._ref)
      return record
    }
    // As the studio writes a reference to a document that is not published yet.
    return {_type: 'reference', _ref: target, _weak: true, _strengthenOnPublish: {type: 'doc'}}
  }
  return Object.fromEntries(Object.entries(record).map(([name, item]) => [name, retargetReferences(item, newIds, missing)]))
}

function withoutSystemFields(document: StoredDocument): StoredDocument {
  const {_rev, _createdAt, _updatedAt, _originalId, _system, ...rest} = document
  void _rev
  void _createdAt
  void _updatedAt
  void _originalId
  void _system
  return rest
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`
}

/** The drafts, metadata and other versions' changes of a cut. Throws when the request has problems. */
export function planVersionCut(input: CutVersionInput): VersionCutPlan {
  const {source, defaultLocale} = input
  const docsPath = docsPathOf(typeof input.settings?.docsPath === 'string' ? input.settings.docsPath : null)
  const problems = cutRequestProblems(input.request, input.versions, docsPath)
  if (problems.length > 0) throw new Error(problems.map((problem) => problem.message).join('; '))
  const request = {...input.request, path: input.request.path.trim(), label: input.request.label.trim(), urlPath: input.request.urlPath.trim()}
  const sourcePath = source.path ?? ''
  const {documents: versions, withDraft: versionsWithDraft} = latestEditions(input.versions)
  const others = versions.filter((version) => publishedId(version._id) !== publishedId(source._id))
  const previousLatest = versions.filter((version) => version.isLast)

  const newAddress = {path: request.path, urlPath: request.urlPath === request.path ? null : request.urlPath}
  const newBase = versionBasePath(docsPath, newAddress)
  const routed = versions.map((version) => ({path: version.path ?? '', segment: segmentOf(version), docsPath: version.docsPath ?? null}))
  const move: LinkMove = {versions: routed, docsPath, from: sourcePath, toBase: newBase, changelog: false}
  const otherVersionBases = new Map(others.map((version) => [version.path ?? '', version.label ?? version.path ?? '']))

  const {documents: sourceDocuments, withDraft} = latestEditions(input.documents)
  const docs = sourceDocuments.filter((document) => document._type === 'doc' && document.version === sourcePath)
  const sidebars = sourceDocuments.filter((document) => document._type === 'sidebar' && document.version === sourcePath)
  const newIds = new Map<string, string>()
  for (const doc of docs) newIds.set(publishedId(doc._id), documentId('doc', request.path, String(doc.language), String(doc.slug)))

  const changelogMove: LinkMove | undefined =
    request.isLast && previousLatest[0] ? {versions: routed, docsPath, from: previousLatest[0].path ?? '', toBase: newBase, changelog: true} : undefined
  const rewrite = (href: string) => movedHref(href, move) ?? (changelogMove ? movedHref(href, changelogMove) : undefined)

  let linksRewritten = 0
  const linksElsewhere = new Map<string, Set<string>>()
  const copy = (document: StoredDocument, id: string): StoredDocument => {
    const elsewhere = new Set<string>()
    const visit = (href: string) => {
      const cut = href.search(/[?#]/)
      const address = docsAddress(cut === -1 ? href : href.slice(0, cut), routed, docsPath)
      if (address && !address.changelog && otherVersionBases.has(address.version)) elsewhere.add(otherVersionBases.get(address.version)!)
    }
    const result = rewriteLinks(withoutSystemFields(document), rewrite, visit)
    linksRewritten += result.count
    if (elsewhere.size > 0) linksElsewhere.set(id, elsewhere)
    return {...(result.value as StoredDocument), _id: `${DRAFTS}${id}`}
  }

  // Sources first, so that a translation's recorded revision can be checked against its copied source.
  const ordered = [...docs].sort(
    (a, b) => Number(b.language === defaultLocale) - Number(a.language === defaultLocale) || String(a._id).localeCompare(String(b._id)),
  )
  const copiesBySourceId = new Map<string, StoredDocument>()
  const docCopies: StoredDocument[] = []
  for (const doc of ordered) {
    const id = newIds.get(publishedId(doc._id))!
    const {sourcePath: _file, ...rest} = copy(doc, id)
    void _file
    const copied: StoredDocument = {...rest, version: request.path}
    const origin = doc.translation as {source?: {_ref?: string}; sourceRevision?: string} | undefined
    const sourceRef = origin?.source?._ref
    if (sourceRef) {
      const newSource = newIds.get(sourceRef)
      const originalSource = docs.find((candidate) => publishedId(candidate._id) === sourceRef)
      const copiedSource = newSource ? copiesBySourceId.get(newSource) : undefined
      // A translation that matched its source still matches the copy (whose links moved); a stale one stays stale.
      const wasCurrent = originalSource !== undefined && origin?.sourceRevision === translationFingerprint(originalSource)
      copied.translation = {
        ...(copied.translation as Record<string, unknown>),
        ...(newSource ? {source: {_type: 'reference', _ref: newSource, _weak: true}} : {}),
        ...(wasCurrent && copiedSource ? {sourceRevision: translationFingerprint(copiedSource)} : {}),
      }
    }
    copiesBySourceId.set(id, copied)
    docCopies.push(copied)
  }

  const unresolved = new Set<string>()
  const sidebarCopies = sidebars.map((sidebar): StoredDocument => {
    const id = documentId('sidebar', request.path, String(sidebar.sidebarId))
    const copied = copy(sidebar, id)
    return {...copied, version: request.path, items: retargetReferences(copied.items, newIds, unresolved)}
  })

  // The translation metadata of @sanity/document-internationalization, one per source doc with translations.
  const metadata: StoredDocument[] = []
  for (const sourceCopy of docCopies.filter((doc) => doc.language === defaultLocale)) {
    const id = publishedId(sourceCopy._id)
    const translations = docCopies.filter((doc) => (doc.translation as {source?: {_ref?: string}} | undefined)?.source?._ref === id)
    if (translations.length === 0) continue
    const members = [sourceCopy, ...translations.sort((a, b) => String(a.language).localeCompare(String(b.language)))]
    metadata.push({
      _id: documentId('translation-metadata', id),
      _type: 'translation.metadata',
      schemaTypes: ['doc'],
      translations: members.map((member) => ({
        _key: String(member.language),
        _type: 'internationalizedArrayReferenceValue',
        language: member.language,
        // The plugin's own form for a translation that is not published yet.
        value: {_type: 'reference', _ref: publishedId(member._id), _weak: true, _strengthenOnPublish: {type: 'doc'}},
      })),
    })
  }

  // The new version: the source's settings, its own address, placed just above its source (first when latest).
  const order = request.isLast ? 1 : (source.order ?? 1)
  const banner = request.isLast ? 'none' : source.isLast ? 'unreleased' : (source.banner ?? 'none')
  const {path: _p, urlPath: _u, label: _l, name: _n, isLast: _i, order: _o, banner: _b, ...settings} = withoutSystemFields(source) as StoredVersion
  void [_p, _u, _l, _n, _i, _o, _b]
  const version: StoredDocument = {
    ...settings,
    _id: `${DRAFTS}${documentId('docsVersion', request.path)}`,
    _type: 'docsVersion',
    path: request.path,
    ...(newAddress.urlPath === null ? {} : {urlPath: newAddress.urlPath}),
    label: request.label,
    // Docusaurus names a cut version by its label (versions.json).
    name: request.label,
    isLast: request.isLast,
    order,
    banner,
  }

  // What the other versions must change for the new one to fit: drafts, listed, published with it.
  const implied: ImpliedChange[] = []
  const impliedMutations: Mutation[] = []
  for (const other of versions) {
    const changes: string[] = []
    const next: StoredVersion = {...withoutSystemFields(other)}
    if (request.isLast && other.isLast) {
      next.isLast = false
      changes.push('no longer the latest version')
      if (other.banner === 'none' || other.banner === undefined) {
        next.banner = 'unmaintained'
        changes.push('banner: unmaintained (links readers to the latest version)')
      }
      const segment = impliedSegment(other, request)
      if (segment !== segmentOf(other)) {
        delete next.urlPath
        changes.push(`moves from ${servedAt(docsPath, '')} to ${servedAt(docsPath, segment)}`)
      }
    }
    if (typeof other.order === 'number' && other.order >= order) {
      next.order = other.order + 1
      changes.push(`order ${other.order} → ${other.order + 1}`)
    }
    if (changes.length === 0) continue
    const id = publishedId(other._id)
    implied.push({id, type: 'docsVersion', title: `Docs version ${other.label ?? other.path}`, changes})
    impliedMutations.push({createOrReplace: {...next, _id: `${DRAFTS}${id}`}})
  }
  if (changelogMove && input.settings) {
    let moved = 0
    const result = rewriteLinks(
      withoutSystemFields(input.settings),
      (href) => {
        const next = movedHref(href, changelogMove)
        if (next !== undefined) moved++
        return next
      },
      () => undefined,
    )
    if (moved > 0) {
      const id = publishedId(input.settings._id)
      implied.push({
        id,
        type: 'siteSettings',
        title: 'Site settings',
        changes: [`${plural(moved, 'changelog link')} (navbar, footer) move to ${newBase}/changelog/: the changelog follows the latest version`],
      })
      impliedMutations.push({createOrReplace: {...(result.value as StoredDocument), _id: `${DRAFTS}${id}`}})
    }
  }

  const docsPerLocale: Record<string, number> = {}
  for (const doc of docCopies) docsPerLocale[String(doc.language)] = (docsPerLocale[String(doc.language)] ?? 0) + 1

  const review: ReviewItem[] = []
  for (const [id, targets] of [...linksElsewhere].sort(([a], [b]) => a.localeCompare(b))) {
    const doc = docCopies.find((candidate) => candidate._id === `${DRAFTS}${id}`) ?? sidebarCopies.find((candidate) => candidate._id === `${DRAFTS}${id}`)
    const type = doc?._type ?? 'doc'
    const title =
      type === 'doc'
        ? `${typeof doc?.title === 'string' ? doc.title : id} (${typeof doc?.language === 'string' ? doc.language : 'undefined'})`
        : `Sidebar ${typeof doc?.sidebarId === 'string' ? doc.sidebarId : id}`
    review.push({title, detail: `links to ${[...targets].join(', ')}: keep, or point at ${request.label}`, document: {id, type}})
  }
  // Navbar, footer and home page links that name the old latest version's address stay on it (a
  // doc link of the navbar follows the latest by itself): the editor decides which meant "the latest".
  const oldLatest = request.isLast ? previousLatest[0] : undefined
  if (oldLatest) {
    const oldLabel = oldLatest.label ?? oldLatest.path ?? ''
    const places = [...(input.settings ? [input.settings] : []), ...latestEditions(input.homePages ?? []).documents]
    for (const document of places) {
      const found = new Set<string>()
      rewriteLinks(
        withoutSystemFields(document),
        () => undefined,
        (href) => {
          const cut = href.search(/[?#]/)
          const address = docsAddress(cut === -1 ? href : href.slice(0, cut), routed, docsPath)
          if (address && !address.changelog && address.version === oldLatest.path) found.add(href)
        },
      )
      if (found.size === 0) continue
      const listed = [...found].sort()
      const title =
        document._type === 'siteSettings' ? 'Navbar and footer links' : `Home page links (${typeof document.language === 'string' ? document.language : ''})`
      const links = `${plural(listed.length, 'link')} to ${oldLabel} (${listed.slice(0, 3).join(', ')}${listed.length > 3 ? ', …' : ''})`
      // When the new version takes the old one's address (/docs/ itself), those links lead to it from now on.
      const takesAddress = versionBasePath(docsPath, {path: oldLatest.path ?? '', urlPath: segmentOf(oldLatest)}) === newBase
      review.push({
        title,
        detail: takesAddress
          ? `${links} lead to ${request.label} from now on: point ${listed.length === 1 ? 'it' : 'them'} at ${oldLabel}'s new address where ${oldLabel} is meant`
          : `${links} stay on ${oldLabel}: point ${listed.length === 1 ? 'it' : 'them'} at ${request.label} where the latest docs are meant`,
        document: {id: publishedId(document._id), type: document._type},
      })
    }
  }
  review.push({
    title: 'Changelog',
    detail: request.isLast
      ? `The changelog moves to ${newBase}/changelog/ with the latest version: add the release notes of ${request.label}`
      : `The changelog stays with the latest version: add the release notes of ${request.label} when it is released`,
    structurePath: 'changelog',
  })
  review.push({
    title: `Banner of ${request.label}`,
    detail: `"${banner}": ${banner === 'unreleased' ? 'readers are told the version is not released yet' : banner === 'none' ? 'no banner' : 'readers are told the version is no longer maintained'}`,
    document: {id: publishedId(version._id), type: 'docsVersion'},
  })
  for (const change of implied.filter((item) => item.type === 'docsVersion')) {
    review.push({
      title: change.title,
      detail: `draft prepared: ${change.changes.join('; ')}: publish it with ${request.label}`,
      document: {id: change.id, type: change.type},
    })
  }
  for (const change of implied.filter((item) => item.type !== 'docsVersion')) {
    review.push({title: change.title, detail: `draft prepared: ${change.changes.join('; ')}`, document: {id: change.id, type: change.type}})
  }
  for (const id of [...withDraft].filter((candidate) => newIds.has(candidate) && docs.some((doc) => doc._id === candidate)).sort()) {
    review.push({
      title: `Unpublished changes in ${id}`,
      detail: `copied as published; its draft in ${source.label ?? sourcePath} was not copied`,
      document: {id: newIds.get(id)!, type: 'doc'},
    })
  }
  for (const ref of [...unresolved].sort()) {
    review.push({title: `Sidebar reference to ${ref}`, detail: `not a doc of ${source.label ?? sourcePath}: the copied sidebar still points at it`})
  }
  for (const id of [...versionsWithDraft].filter((candidate) => implied.some((change) => change.id === candidate))) {
    review.push({
      title: `Draft of ${id}`,
      detail:
        'it had a draft with unpublished changes: the prepared draft replaced it, starting from the published version (so that running the cut again gives the same drafts); redo those changes',
    })
  }

  const mutations: Mutation[] = [
    ...docCopies.map((document) => ({createOrReplace: document})),
    ...sidebarCopies.map((document) => ({createOrReplace: document})),
    ...metadata.map((document) => ({createOrReplace: document})),
    ...impliedMutations,
    {createOrReplace: version},
  ]
  return {
    version,
    docs: docCopies,
    sidebars: sidebarCopies,
    metadata,
    implied,
    mutations,
    summary: {docsPerLocale, sidebars: sidebarCopies.length, translationLinks: metadata.length, linksRewritten, review},
  }
}

/**
 * Splits mutations into transactions of at most `maxCount` mutations and about `maxBytes` of JSON
 * (a large version does not fit one request), keeping their order: the new version comes last, so a
 * failure part-way leaves no version pointing at missing docs, and running the cut again replaces
 * what was written.
 */
export function batchMutations(mutations: readonly Mutation[], {maxCount = 100, maxBytes = 1_000_000} = {}): Mutation[][] {
  const batches: Mutation[][] = []
  let current: Mutation[] = []
  let size = 0
  for (const mutation of mutations) {
    const bytes = JSON.stringify(mutation).length
    if (current.length > 0 && (current.length >= maxCount || size + bytes > maxBytes)) {
      batches.push(current)
      current = []
      size = 0
    }
    current.push(mutation)
    size += bytes
  }
  if (current.length > 0) batches.push(current)
  return batches
}

/** An Actions API action creating a document's version in a Content Release (`sanity.action.document.version.create`). */
export interface VersionCreateAction {
  actionType: 'sanity.action.document.version.create'
  publishedId: string
  document: StoredDocument
}

/** A release id as the studio makes them: `r` and eight letters or digits. */
export function newReleaseId(random: () => number = Math.random): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
  return `r${Array.from({length: 8}, () => alphabet[Math.floor(random() * alphabet.length)]).join('')}`
}

/**
 * The writes of a cut whose new documents go into a Content Release instead of drafts: each draft the plan writes
 * becomes a version in the release (`versions.<releaseId>.<id>`, created through the Actions API), so that the whole
 * launch is previewed and published together; what is not a draft (translation links) is written as it is.
 */
export function releaseWrites(batch: readonly Mutation[], releaseId: string): {actions: VersionCreateAction[]; mutations: Mutation[]} {
  const actions: VersionCreateAction[] = []
  const mutations: Mutation[] = []
  for (const mutation of batch) {
    const document = mutation.createOrReplace
    if (!document._id.startsWith('drafts.')) {
      mutations.push(mutation)
      continue
    }
    const publishedId = document._id.slice('drafts.'.length)
    actions.push({actionType: 'sanity.action.document.version.create', publishedId, document: {...document, _id: `versions.${releaseId}.${publishedId}`}})
  }
  return {actions, mutations}
}
