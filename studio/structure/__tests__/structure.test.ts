/**
 * The studio's structure, built with Sanity's own StructureBuilder (createStructureBuilder) over a
 * minimal stand-in of the workspace source, its data answered by groq-js from the dataset imported
 * from content/: every version × locale resolves to that version's docs in that locale.
 */
import path from 'node:path'
import {schemaTypes} from '@site/schemas'
import {evaluate, parse} from 'groq-js'
import {createSchema} from 'sanity'
import {createStructureBuilder} from 'sanity/structure'
import {beforeAll, describe, expect, it} from 'vitest'
import {runImport} from '@site/importer/run-import'
import {buildStructure, type StructureFetch} from '../structure'

type Node = Record<string, unknown> & {id?: string; title?: string; type?: string; items?: Node[]; child?: unknown; options?: Record<string, unknown>}

let dataset: Record<string, unknown>[] = []
/** The locales of the imported site settings: the structure lists exactly these. */
let LOCALES: string[] = []
const fetch: StructureFetch = async <R>(query: string, params: Record<string, unknown> = {}) =>
  (await (await evaluate(parse(query, {params}), {dataset, params})).get()) as R

/** Only what the builder reads while building and serializing lists; the rest of a real source is not needed. */
function sourceStandIn() {
  const schema = createSchema({name: 'default', types: schemaTypes})
  return {
    schema,
    getClient: () => ({}),
    i18n: {t: (key: string) => key},
    templates: [],
    document: {resolveNewDocumentOptions: () => [], actions: () => [], badges: () => []},
  }
}

const S = createStructureBuilder({source: sourceStandIn() as never, perspectiveStack: []})

function serialized(value: unknown): Node {
  const withSerialize = value as {serialize?: () => unknown}
  return (typeof withSerialize?.serialize === 'function' ? withSerialize.serialize() : value) as Node
}

/** Resolves an item's child the way the structure tool does: a function is called with the item's id. */
async function open(item: Node | undefined): Promise<Node> {
  expect(item, 'structure item').toBeDefined()
  const child = item!.child
  return serialized(typeof child === 'function' ? await (child as (id: string, options: object) => unknown)(item!.id ?? '', {}) : child)
}

function itemById(list: Node, id: string): Node | undefined {
  return list.items?.find((item) => item.id === id)
}

/** Doc references of a sidebar, depth first, as the site shows them. */
function sidebarRefs(items: unknown[]): string[] {
  return items.flatMap((item) => {
    const record = item as {_type?: string; doc?: {_ref: string}; linkDoc?: {_ref: string}; items?: unknown[]}
    if (record._type === 'sidebarDoc' && record.doc) return [record.doc._ref]
    if (record._type === 'sidebarCategory') return [...(record.linkDoc ? [record.linkDoc._ref] : []), ...sidebarRefs(record.items ?? [])]
    return []
  })
}

beforeAll(async () => {
  const result = await runImport({contentDir: path.resolve(import.meta.dirname, '../../../content'), outDir: '/nonexistent', write: false})
  expect(result.errors).toEqual([])
  dataset = result.documents
  const settings = dataset.find((document) => document._type === 'siteSettings') as {locales?: Array<{code: string}>} | undefined
  LOCALES = (settings?.locales ?? []).map((entry) => entry.code)
  expect(LOCALES.length).toBeGreaterThan(1)
}, 120_000)

describe('studio structure', () => {
  it('has Docs, Blog, Changelog, Pages, Home page, Interface strings, the status view and the settings singleton first', () => {
    const root = serialized(buildStructure(S, fetch))
    const ids = (root.items ?? []).map((item) => item.id)
    expect(ids.slice(0, 6)).toEqual(['docs', 'blog', 'changelog', 'pages', 'home', 'ui-strings'])
    expect(ids).toContain('translation-status')
    expect(ids).toContain('siteSettings')
    // Types with their own place are not listed again at the bottom.
    expect(ids).toContain('theme')
    for (const placed of ['doc', 'blogPost', 'release', 'page', 'homePage', 'uiStrings', 'siteSettings', 'theme', 'translation.metadata']) {
      expect(ids.filter((id) => id === placed).length, placed).toBeLessThanOrEqual(placed === 'siteSettings' || placed === 'theme' ? 1 : 0)
    }
  })

  it('opens the Theme as the one theme document, whether the site has one yet or not', async () => {
    const theme = await open(itemById(serialized(buildStructure(S, fetch)), 'theme'))
    expect(theme).toMatchObject({type: 'document', options: {id: 'theme', type: 'theme'}})
  })

  it('opens Site settings as the one siteSettings document', async () => {
    const settings = await open(itemById(serialized(buildStructure(S, fetch)), 'siteSettings'))
    expect(settings).toMatchObject({type: 'document', options: {id: 'siteSettings', type: 'siteSettings'}})
  })

  it('resolves Docs → version → locale → the docs of that version and locale, for every version × locale, in sidebar order', async () => {
    const docs = await open(itemById(serialized(buildStructure(S, fetch)), 'docs'))
    const versions = dataset.filter((document) => document._type === 'docsVersion').map((document) => document.path as string)
    expect((docs.items ?? []).map((item) => item.id).sort()).toEqual([...versions].sort())
    let checked = 0
    for (const version of versions) {
      const locales = await open(itemById(docs, version))
      expect((locales.items ?? []).map((item) => item.id)).toEqual([...LOCALES])
      for (const locale of LOCALES) {
        const list = await open(itemById(locales, locale))
        const listed = (list.items ?? []).filter((item) => item.type !== 'divider').map((item) => item.id)
        const expected = dataset
          .filter((document) => document._type === 'doc' && document.version === version && document.language === locale)
          .map((document) => document._id)
        expect([...listed].sort(), `${version} ${locale}`).toEqual([...expected].sort())
        if (locale === 'en') {
          const sidebars = dataset.filter((document) => document._type === 'sidebar' && document.version === version)
          const order = sidebars.flatMap((sidebar) => sidebarRefs((sidebar.items as unknown[]) ?? []))
          const inSidebar = listed.filter((id) => order.includes(id ?? ''))
          expect(inSidebar, `${version} en follows the sidebar`).toEqual(order.filter((id, index) => order.indexOf(id) === index && listed.includes(id)))
          expect(inSidebar.length, `${version} en has docs in its sidebar`).toBeGreaterThan(0)
        }
        checked++
      }
    }
    expect(checked).toBe(versions.length * LOCALES.length)
  }, 60_000)

  it('lists the French v4 docs under the sidebar’s category headings', async () => {
    const docs = await open(itemById(serialized(buildStructure(S, fetch)), 'docs'))
    const french = await open(itemById(await open(itemById(docs, 'v4')), 'fr'))
    expect((french.items ?? []).some((item) => item.type === 'divider' && typeof item.title === 'string' && item.title !== '')).toBe(true)
    expect((french.items ?? []).filter((item) => item.type !== 'divider').length).toBeGreaterThan(0)
  })

  it('lists blog posts, releases, pages, home pages and interface strings per locale', async () => {
    const root = serialized(buildStructure(S, fetch))
    for (const [id, type] of [
      ['blog', 'blogPost'],
      ['changelog', 'release'],
      ['pages', 'page'],
      ['home', 'homePage'],
      ['ui-strings', 'uiStrings'],
    ] as const) {
      const locales = await open(itemById(root, id))
      expect((locales.items ?? []).map((item) => item.id)).toEqual([...LOCALES])
      for (const locale of LOCALES) {
        const list = await open(itemById(locales, locale))
        expect(list.options, `${id} ${locale}`).toMatchObject({filter: '_type == $type && language == $locale', params: {type, locale}})
      }
    }
  })
})
