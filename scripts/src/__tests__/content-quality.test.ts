/**
 * Checks of the real content/ (not fixtures): it imports without warnings, and every document meets
 * the bar readers expect: docs have a title and a description, posts an author and a date, code
 * blocks a language, and no section is left empty.
 */
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {runImport, type ImportResult} from '@site/importer/run-import'

const repoRoot = path.resolve(import.meta.dirname, '../../..')
const outDir = mkdtempSync(path.join(tmpdir(), 'content-quality-'))
let imported: ImportResult

type Block = {_type?: string; style?: string; level?: number; children?: {text?: string}[]; [field: string]: unknown}
type Doc = {_id: string; _type: string; [field: string]: unknown}

beforeAll(async () => {
  imported = await runImport({contentDir: path.join(repoRoot, 'content'), outDir, write: false})
}, 120_000)

afterAll(() => rmSync(outDir, {recursive: true, force: true}))

function documentsOf(type: string): Doc[] {
  return imported.documents.filter((doc) => doc._type === type)
}

function label(doc: Doc): string {
  return `${doc._id}${typeof doc.sourcePath === 'string' ? ` (${doc.sourcePath})` : ''}`
}

/** Every block of a body, including those nested in admonitions and tab panels. */
function* allBlocks(body: unknown): Generator<Block> {
  if (!Array.isArray(body)) return
  for (const block of body as Block[]) {
    yield block
    if (block._type === 'admonition') yield* allBlocks(block.body)
    if (block._type === 'tabs' && Array.isArray(block.panels)) {
      for (const panel of block.panels as {body?: unknown}[]) yield* allBlocks(panel.body)
    }
  }
}

/** The heading level of a top-level block, or null when it is not a heading. */
function headingLevel(block: Block): number | null {
  if (block._type === 'heading' && typeof block.level === 'number') return block.level
  if (block._type === 'block' && typeof block.style === 'string') {
    const match = /^h([2-6])$/.exec(block.style)
    if (match) return Number(match[1])
  }
  return null
}

function headingText(block: Block): string {
  if (typeof block.text === 'string') return block.text
  return (block.children ?? []).map((child) => child.text ?? '').join('')
}

/** Headings directly followed by a heading of the same or a higher rank, or ending the body: sections with nothing in them. */
function emptySections(body: unknown): string[] {
  if (!Array.isArray(body)) return []
  const blocks = (body as Block[]).filter((block) => block._type !== 'readMore')
  const empty: string[] = []
  blocks.forEach((block, index) => {
    const level = headingLevel(block)
    if (level === null) return
    const next = blocks[index + 1]
    const nextLevel = next ? headingLevel(next) : null
    if (!next || (nextLevel !== null && nextLevel <= level)) empty.push(headingText(block))
  })
  return empty
}

const bodyTypes = ['doc', 'blogPost', 'release', 'page']

describe('the content of content/', () => {
  it('imports with no error and no warning', () => {
    const format = (d: {file?: string; line?: number; message: string}) => `${d.file ?? ''}:${d.line ?? ''} ${d.message}`
    expect(imported.errors.map(format)).toEqual([])
    expect(imported.warnings.map(format)).toEqual([])
  })

  it('gives every doc a title and a description', () => {
    const docs = documentsOf('doc')
    expect(docs.length).toBeGreaterThan(0)
    const missing = docs.filter((doc) => !doc.title || !doc.description).map(label)
    expect(missing).toEqual([])
  })

  it('gives every blog post at least one author, a date and a preview cut', () => {
    const posts = documentsOf('blogPost')
    expect(posts.length).toBeGreaterThan(0)
    const problems = posts.flatMap((post) => {
      const found: string[] = []
      if (!Array.isArray(post.authors) || post.authors.length === 0) found.push(`${label(post)}: no author`)
      if (typeof post.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(post.date)) found.push(`${label(post)}: no date`)
      if (![...allBlocks(post.body)].some((block) => block._type === 'readMore')) found.push(`${label(post)}: no truncation point`)
      return found
    })
    expect(problems).toEqual([])
  })

  it('gives every code block a language, in bodies and on the home page', () => {
    const withoutLanguage: string[] = []
    for (const doc of imported.documents as Doc[]) {
      const blocks = bodyTypes.includes(doc._type)
        ? [...allBlocks(doc.body)]
        : doc._type === 'homePage' && Array.isArray(doc.sections)
          ? (doc.sections as {examples?: Block[]}[]).flatMap((section) => section.examples ?? [])
          : []
      for (const block of blocks) {
        if (block._type === 'codeBlock' && !block.language) withoutLanguage.push(label(doc))
      }
    }
    expect(withoutLanguage).toEqual([])
  })

  it('leaves no section empty', () => {
    const problems = (imported.documents as Doc[])
      .filter((doc) => bodyTypes.includes(doc._type))
      .flatMap((doc) => emptySections(doc.body).map((heading) => `${label(doc)}: “${heading}”`))
    expect(problems).toEqual([])
  })

  it('keeps nothing unconverted', () => {
    const unconverted = (imported.documents as Doc[])
      .filter((doc) => bodyTypes.includes(doc._type))
      .flatMap((doc) => [...allBlocks(doc.body)].filter((block) => block._type === 'unconverted').map(() => label(doc)))
    expect(unconverted).toEqual([])
  })

  it('is the content set of the specification: versions, blog, releases and translations', () => {
    const english = (type: string) => documentsOf(type).filter((doc) => doc.language === 'en')
    const docsOf = (version: string, language = 'en') => documentsOf('doc').filter((doc) => doc.version === version && doc.language === language)
    expect(docsOf('v2')).toHaveLength(16)
    expect(docsOf('v3').length).toBeGreaterThanOrEqual(28)
    expect(docsOf('v3').length).toBeLessThanOrEqual(32)
    // "About 80 pages" for 4.x: the docs, the tutorial and the changelog's release pages.
    expect(docsOf('v4').length + english('release').length).toBeGreaterThanOrEqual(75)

    const posts = english('blogPost')
      .map((post) => String(post.date))
      .sort()
    expect(posts.length).toBeGreaterThanOrEqual(41)
    expect(posts.length).toBeLessThanOrEqual(45)
    expect(posts[0]?.slice(0, 4)).toBe('2014')
    expect(posts.at(-1)?.slice(0, 7)).toBe('2024-07')

    const frDocs = docsOf('v4', 'fr')
    expect(frDocs.filter((doc) => !String(doc.slug).startsWith('tutorial/')).length).toBeGreaterThanOrEqual(25)
    expect(frDocs.filter((doc) => String(doc.slug).startsWith('tutorial/')).length).toBeGreaterThanOrEqual(13)
    expect(
      documentsOf('homePage')
        .map((doc) => doc.language)
        .sort(),
    ).toEqual(['en', 'fr', 'pt-br', 'zh-CN'])
    const getStarted = (language: string) => documentsOf('page').filter((doc) => doc.language === language && String(doc.path).startsWith('get-started'))
    expect(getStarted('fr')).toHaveLength(getStarted('en').length)
  })

  it('has every interface string in the four locales', () => {
    const keys = (doc: Doc) => (Array.isArray(doc.messages) ? (doc.messages as {key: string}[]).map((m) => m.key).sort() : [])
    const sets = documentsOf('uiStrings')
    expect(sets.map((doc) => doc.language).sort()).toEqual(['en', 'fr', 'pt-br', 'zh-CN'])
    const english = keys(sets.find((doc) => doc.language === 'en')!)
    for (const set of sets) expect(keys(set), String(set.language)).toEqual(english)
  })
})
