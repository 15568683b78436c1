/**
 * A refused publish in an editor's words: each broken link the link check found in the built pages is traced back to
 * the document and the field that hold it (a link in a rich-text body, a navigation or sidebar link), with the
 * link's text, and said as the editor would fix it: `The link "Rooms" in "Release 5.0" (Body) points to
 * /docs/v5/rooms/, which is not published.` A link no document holds (one the site makes itself) is named by the
 * page it is on.
 */
import {documentTypes, type StatusProblem} from '@site/schemas'
import {isFilePath} from '@site/schemas/routing'
import type {PublishEventBrokenLink} from '@site/publish/publish-events'
import {keyOf} from './status-document'

/** A document as read from the content: its id, type, a title and its fields. */
export type ContentDocument = {_id: string; _type: string; [field: string]: unknown}

/** Where a link address is held in a document. */
export interface LinkSource {
  documentId: string
  documentType: string
  documentTitle: string
  /** The field's path, as the studio addresses it (`body[_key=="a1"].markDefs[_key=="l1"].href`). */
  field: string
  /** The title of the document's top-level field that holds it. */
  fieldTitle: string
  /** The text the link is on, when it is a link in rich text or has a label. */
  linkText?: string
  href: string
}

/** What became of a link's target: it exists only as a draft, only in a Content Release not yet published, or nowhere. */
export type TargetState = 'draft' | 'release' | 'missing'

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** An address without its fragment and query, with a trailing slash: `/docs/v5/rooms#x` → `/docs/v5/rooms/`. */
export function normalizeAddress(address: string): string {
  const path = address.trim().split(/[?#]/)[0] ?? ''
  if (path === '' || isFilePath(path)) return path
  return path.endsWith('/') ? path : `${path}/`
}

/** An address of a page in a locale (`/fr/docs/v4/rooms/`) as written in the content (`/docs/v4/rooms/`). */
export function withoutLocalePrefix(address: string, localePaths: readonly string[]): string {
  for (const prefix of localePaths) {
    if (!prefix) continue
    if (address === `/${prefix}` || address === `/${prefix}/`) return '/'
    if (address.startsWith(`/${prefix}/`)) return address.slice(prefix.length + 1)
  }
  return address
}

const titleOf = (document: ContentDocument): string => {
  for (const field of ['title', 'label', 'name', 'version', 'path', 'slug']) {
    const value = document[field]
    if (typeof value === 'string' && value.trim()) return value
    // Labels translated per field: the first locale's value.
    if (Array.isArray(value) && isRecord(value[0]) && typeof value[0].value === 'string') return value[0].value
  }
  return document._id
}

/** The title of a document type's top-level field, from the content model (`body` → `Body`). */
export function fieldTitleOf(type: string, field: string): string {
  const schemaType = documentTypes.find((candidate) => candidate.name === type) as {fields?: Array<{name: string; title?: string}>} | undefined
  const title = schemaType?.fields?.find((candidate) => candidate.name === field)?.title
  return (
    title ??
    `${field.charAt(0).toUpperCase()}${field
      .slice(1)
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase()}`
  )
}

const segmentOf = (item: unknown, index: number) => (isRecord(item) && typeof item._key === 'string' ? `[_key=="${item._key}"]` : `[${index}]`)

/** Every link address a document holds, where it is, and the text it is on. */
export function linkSourcesOf(document: ContentDocument): LinkSource[] {
  const found: LinkSource[] = []
  const documentTitle = titleOf(document)
  const walk = (value: unknown, path: string, top: string, block: Record<string, unknown> | undefined) => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, `${path}${segmentOf(item, index)}`, top, block))
      return
    }
    if (!isRecord(value)) return
    const here = Array.isArray(value.children) && Array.isArray(value.markDefs) ? value : block
    if (typeof value.href === 'string') {
      // A link annotation: its text is the spans marked with its key; a navigation link: its label.
      const spans =
        typeof value._key === 'string' && here && Array.isArray(here.children)
          ? here.children.filter((child) => isRecord(child) && Array.isArray(child.marks) && child.marks.includes(value._key))
          : []
      const spanText = spans.map((span) => (isRecord(span) && typeof span.text === 'string' ? span.text : '')).join('')
      const label = Array.isArray(value.label) && isRecord(value.label[0]) && typeof value.label[0].value === 'string' ? value.label[0].value : undefined
      const linkText = spanText || label || (typeof value.label === 'string' ? value.label : undefined)
      found.push({
        documentId: document._id,
        documentType: document._type,
        documentTitle,
        field: `${path}.href`,
        fieldTitle: fieldTitleOf(document._type, top),
        ...(linkText ? {linkText} : {}),
        href: value.href,
      })
    }
    for (const [key, child] of Object.entries(value)) {
      if (key.startsWith('_') || key === 'href') continue
      walk(child, `${path}.${key}`, top, here)
    }
  }
  for (const [key, value] of Object.entries(document)) {
    if (key.startsWith('_')) continue
    walk(value, key, key, undefined)
  }
  return found
}

const PUBLISH_HINT: Record<TargetState, string> = {
  draft: 'which is not published (it is only a draft). Publish it first, or publish both together in a Content Release.',
  release: 'which is not published (it is in a Content Release that is not). Publish that release first, or put this change in it.',
  missing: 'which does not exist on the site. Correct the address or remove the link.',
}

/**
 * The problems of a refused publish, one per broken address and document holding it. `documents` are the
 * documents to look in (those the publish was for first); `targetState` says whether a broken target exists as a
 * draft. Links no document holds are named by their page.
 */
export async function explainBrokenLinks(
  broken: readonly PublishEventBrokenLink[],
  documents: readonly ContentDocument[],
  {localePaths, targetState}: {localePaths: readonly string[]; targetState: (href: string) => Promise<TargetState>},
): Promise<StatusProblem[]> {
  const sources = documents.flatMap(linkSourcesOf)
  const problems: StatusProblem[] = []
  const seen = new Set<string>()
  const states = new Map<string, Promise<TargetState>>()
  const stateOf = (href: string) => {
    let state = states.get(href)
    if (!state) {
      state = targetState(href).catch((): TargetState => 'missing')
      states.set(href, state)
    }
    return state
  }
  for (const item of broken) {
    const written = withoutLocalePrefix(normalizeAddress(item.link), localePaths)
    const holders = sources.filter((source) => normalizeAddress(source.href) === written)
    if (item.kind === 'anchor') {
      const message = `The page ${item.page} has a link to ${item.link}, and that heading does not exist (${item.reason}).`
      if (!seen.has(message)) problems.push({_key: keyOf(message), _type: 'publishProblem', message, href: item.link, page: item.page})
      seen.add(message)
      continue
    }
    if (holders.length === 0) {
      const message =
        item.kind === 'resource'
          ? `The page ${item.page} loads ${item.link}, which is not among the site's files.`
          : item.kind === 'scheme'
            ? `The page ${item.page} has an address that is not allowed: ${item.link}.`
            : `The page ${item.page} links to ${item.link}, which does not exist on the site.`
      if (!seen.has(message)) problems.push({_key: keyOf(message), _type: 'publishProblem', message, href: item.link, page: item.page})
      seen.add(message)
      continue
    }
    const state = await stateOf(written)
    for (const source of holders) {
      const id = `${source.documentId} ${source.field}`
      if (seen.has(id)) continue
      seen.add(id)
      const what = source.linkText ? `The link "${source.linkText}"` : 'A link'
      const message = `${what} in "${source.documentTitle}" (${source.fieldTitle}) points to ${source.href}, ${PUBLISH_HINT[state]}`
      problems.push({
        _key: keyOf(id),
        _type: 'publishProblem',
        message,
        documentId: source.documentId,
        documentType: source.documentType,
        documentTitle: source.documentTitle,
        field: source.field,
        fieldTitle: source.fieldTitle,
        ...(source.linkText ? {linkText: source.linkText} : {}),
        href: source.href,
        page: item.page,
      })
    }
  }
  return problems
}
