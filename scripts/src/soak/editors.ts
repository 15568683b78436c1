/**
 * The soak's editors: what they change and how. Each edit is one paragraph of a published document
 * (a doc, a translation, a post, a release, a page), its last sentence replaced by "Soak edit <n>." so
 * that the content keeps its size however many edits are made, or, now and then, a navbar label; it is
 * written as the studio's publish writes it, a mutation of the document in the Sanity API stand-in
 * (whose webhook then announces it). The targets are the documents whose page, in the release being
 * served, shows the paragraph at the address the soak expects: the edit is seen there once published.
 */
import {readFileSync} from 'node:fs'
import path from 'node:path'
import {routingTableQuery} from '@site/schemas/queries'
import {docTarget, routeUrl, toRoutingTable, type RouteTarget, type RoutingTable} from '@site/schemas/routing'
import type {RoutingTableQueryResult} from '@site/schemas/types'
import type {SanityApiServer, SanityApiStandIn, StoredDocument} from '@site/test-support/sanity-api'
import {candidateFiles} from '../serve'

export type EditKind = 'doc' | 'translation' | 'post' | 'release' | 'page' | 'navbar'

export interface EditTarget {
  kind: EditKind
  id: string
  type: string
  /** The page that shows the edit. */
  url: string
  /** The block and span edited (by key), and the span's text before any edit. */
  blockKey: string
  spanKey: string
  original: string
}

export interface Edit {
  /** 1-based, over the whole soak. */
  number: number
  target: EditTarget
  /** Text the page shows once the edit is published. */
  marker: string
}

/** How often each kind is picked (out of their sum); the navbar is changed on a schedule of its own. */
export const EDIT_WEIGHTS: Record<Exclude<EditKind, 'navbar'>, number> = {doc: 50, translation: 20, release: 10, post: 8, page: 7}

/** Paragraph text safe to look for in the HTML as is (no character the page escapes). */
const PLAIN = /^[\p{L}\p{N} ,.;:()’'-]+$/u
const SOAK_SENTENCE = / Soak edit \d+\.$/

/** A small seeded generator (mulberry32): the same soak makes the same edits. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let value = state
    value = Math.imul(value ^ (value >>> 15), value | 1)
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61)
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296
  }
}

interface Span {
  _key?: string
  _type?: string
  text?: unknown
}
interface Block {
  _key?: string
  _type?: string
  style?: string
  children?: Span[]
}

/** The first plain paragraph of a body: its block key, its last span's key and text. */
export function firstParagraph(body: unknown): {blockKey: string; spanKey: string; text: string} | null {
  if (!Array.isArray(body)) return null
  for (const block of body as Block[]) {
    if (block._type !== 'block' || block.style !== 'normal' || !block._key || !Array.isArray(block.children)) continue
    const last = block.children.at(-1)
    if (last?._type !== 'span' || !last._key || typeof last.text !== 'string') continue
    const text = last.text.replace(SOAK_SENTENCE, '')
    if (text.length >= 20 && PLAIN.test(text)) return {blockKey: block._key, spanKey: last._key, text}
  }
  return null
}

/** What the addresses of the site's pages depend on: its routing table, and its docs versions' main docs and latest version. */
export interface SiteAddresses {
  table: RoutingTable
  versions: ReadonlyMap<string, {path: string; mainDoc?: string | null}>
  /** The version whose docs list the changelog. */
  latest: string
}

/** The site's addresses as the content in the stand-in makes them (its routing table query, as the site asks it). */
export async function siteAddresses(api: SanityApiStandIn): Promise<SiteAddresses> {
  const table = toRoutingTable((await api.query(routingTableQuery, {}, 'published')) as RoutingTableQueryResult)
  const versions = api
    .documents()
    .filter((document) => document._type === 'docsVersion' && typeof document.path === 'string' && !document._id.startsWith('drafts.'))
  const latest = versions.find((version) => version.isLast === true)?.path
  return {
    table,
    versions: new Map(
      versions.map((version) => [
        version.path as string,
        {path: version.path as string, mainDoc: typeof version.mainDoc === 'string' ? version.mainDoc : null},
      ]),
    ),
    latest: typeof latest === 'string' ? latest : (table.versions[0]?.path ?? ''),
  }
}

/** The address of a document's page (the URL module of @site/schemas/routing), and the kind of edit it is. */
export function pageUrlOf(document: StoredDocument, site: SiteAddresses): {kind: Exclude<EditKind, 'navbar'>; url: string} | null {
  const locale = typeof document.language === 'string' ? document.language : site.table.locales.defaultLocale
  const url = (target: RouteTarget) => routeUrl(site.table, {...target, locale})
  const version = typeof document.version === 'string' ? site.versions.get(document.version) : undefined
  if (document._type === 'doc' && version && typeof document.slug === 'string')
    return {kind: locale === site.table.locales.defaultLocale ? 'doc' : 'translation', url: url(docTarget(version, document.slug))}
  if (document._type === 'blogPost' && typeof document.slug === 'string') return {kind: 'post', url: url({kind: 'blogPost', slug: document.slug})}
  if (document._type === 'release' && typeof document.version === 'string' && site.latest)
    return {kind: 'release', url: url({kind: 'release', version: site.latest, release: document.version})}
  // A page's address with or without its trailing slash: the static server answers both with the same file.
  if (document._type === 'page' && typeof document.path === 'string') return {kind: 'page', url: url({kind: 'page', path: document.path, index: false})}
  return null
}

function pageText(releaseDir: string, url: string): string | null {
  for (const candidate of candidateFiles(url)) {
    try {
      return readFileSync(path.join(releaseDir, candidate), 'utf8')
    } catch {
      // The next candidate.
    }
  }
  return null
}

/** The documents the soak edits: those whose page in `releaseDir` shows their first plain paragraph. */
export function findTargets(documents: readonly StoredDocument[], site: SiteAddresses, releaseDir: string): EditTarget[] {
  const targets: EditTarget[] = []
  for (const document of documents) {
    if (document._id.startsWith('drafts.')) continue
    const page = pageUrlOf(document, site)
    const paragraph = page && firstParagraph(document.body)
    if (!page || !paragraph) continue
    const html = pageText(releaseDir, page.url)
    if (!html?.includes(paragraph.text.replaceAll("'", '&#x27;'))) continue
    targets.push({kind: page.kind, id: document._id, type: document._type, url: page.url, ...paragraph, original: paragraph.text})
  }
  return targets
}

/** The navbar label the soak changes: the English "Tutorial" of the site settings, shown on the home page. */
export const NAVBAR_TARGET: EditTarget = {kind: 'navbar', id: 'siteSettings', type: 'siteSettings', url: '/', blockKey: '', spanKey: '', original: 'Tutorial'}

const NAVBAR_LABEL = /^Tutorial( \(soak \d+\))?$/

/** The first string of a JSON value (depth first) that `matches`, replaced by `change`; false when none. */
function replaceFirst(value: unknown, matches: (text: string) => boolean, change: (text: string) => string): boolean {
  if (typeof value !== 'object' || value === null) return false
  const record = value as Record<string, unknown>
  for (const key of Object.keys(record)) {
    const item = record[key]
    if (typeof item === 'string' && matches(item)) {
      record[key] = change(item)
      return true
    }
    if (replaceFirst(item, matches, change)) return true
  }
  return false
}

/** The document with the edit made (a copy): the paragraph's last sentence, or the navbar label. */
export function editedDocument(document: StoredDocument, edit: Edit): StoredDocument {
  const copy = structuredClone(document)
  const {target} = edit
  if (target.kind === 'navbar') {
    if (
      !replaceFirst(
        copy.navbarItems,
        (text) => NAVBAR_LABEL.test(text),
        () => edit.marker,
      )
    )
      throw new Error('the site settings have no "Tutorial" navbar label')
    return copy
  }
  const block = (copy.body as Block[] | undefined)?.find((candidate) => candidate._key === target.blockKey)
  const span = block?.children?.find((candidate) => candidate._key === target.spanKey)
  if (!span) throw new Error(`${target.id} no longer has the paragraph ${target.blockKey}`)
  span.text = `${target.original} ${edit.marker}`
  return copy
}

/** Makes the edits in turn: picks a target by the weights (the navbar every `navbarEvery` edits), writes it to the stand-in. */
export class Editors {
  private count_ = 0
  private readonly random: () => number
  private readonly byKind = new Map<EditKind, EditTarget[]>()

  constructor(
    private readonly standin: SanityApiServer,
    private readonly token: string,
    targets: readonly EditTarget[],
    private readonly navbarEvery: number,
    seed = 27,
  ) {
    this.random = seededRandom(seed)
    for (const target of targets) this.byKind.set(target.kind, [...(this.byKind.get(target.kind) ?? []), target])
  }

  get made(): number {
    return this.count_
  }

  /** How many targets of each kind there are, for the report. */
  kinds(): Record<string, number> {
    return Object.fromEntries([...this.byKind].map(([kind, targets]) => [kind, targets.length]))
  }

  /** The next edit: of `kind` when given, else by the weights and schedule. */
  next(kind?: EditKind): Edit {
    const number = ++this.count_
    const chosen = kind ?? (this.navbarEvery > 0 && number % this.navbarEvery === 0 ? 'navbar' : this.weightedKind())
    if (chosen === 'navbar') return {number, target: NAVBAR_TARGET, marker: `Tutorial (soak ${number})`}
    const pool = this.byKind.get(chosen) ?? []
    const target = pool[Math.floor(this.random() * pool.length)]
    if (!target) throw new Error(`no ${chosen} to edit`)
    return {number, target, marker: `Soak edit ${number}.`}
  }

  private weightedKind(): Exclude<EditKind, 'navbar'> {
    const kinds = (Object.keys(EDIT_WEIGHTS) as Array<Exclude<EditKind, 'navbar'>>).filter((kind) => (this.byKind.get(kind)?.length ?? 0) > 0)
    const total = kinds.reduce((sum, kind) => sum + EDIT_WEIGHTS[kind], 0)
    let pick = this.random() * total
    for (const kind of kinds) {
      pick -= EDIT_WEIGHTS[kind]
      if (pick < 0) return kind
    }
    return kinds[0] ?? 'doc'
  }

  /** Writes the edit as the studio's publish does: a mutation of the published document (the stand-in's webhook follows). */
  async write(edit: Edit): Promise<void> {
    const current = this.standin.api.document(edit.target.id)
    if (!current) throw new Error(`the stand-in has no document ${edit.target.id}`)
    await this.writeDocument(editedDocument(current, edit))
  }

  /** Replaces a published document in the stand-in (one mutation), counted as an edit. */
  async writeDocument(document: StoredDocument): Promise<void> {
    const response = await fetch(`${this.standin.url}/v2025-02-19/data/mutate/${this.standin.dataset}`, {
      method: 'POST',
      headers: {authorization: `Bearer ${this.token}`, 'content-type': 'application/json'},
      body: JSON.stringify({mutations: [{createOrReplace: document}]}),
    })
    if (!response.ok) throw new Error(`the stand-in refused the edit of ${document._id}: ${response.status} ${await response.text()}`)
  }

  /** The number of the next edit made outside next() (a scenario's own change). */
  count(): number {
    return ++this.count_
  }
}
