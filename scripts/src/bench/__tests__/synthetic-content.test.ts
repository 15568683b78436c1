// The bench's synthetic content: the fixture site grown three times in a git repository of its own,
// imported like the original. The originals must come out of the import exactly as they do from the
// source, and each copy dated and judged (current, stale) like its original.
import {execFileSync} from 'node:child_process'
import {cp, mkdtemp, readFile, readdir, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {gitEnv} from '@site/test-support/git'
import {translationStatus} from '@site/schemas'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {formatDiagnostic} from '@site/importer/diagnostics'
import {runImport} from '@site/importer/run-import'
import {
  configModule,
  frontMatterValue,
  mapFile,
  planScale,
  readSourceContent,
  replaceFrontMatterValue,
  writeSyntheticContent,
  type SyntheticContent,
} from '../synthetic-content'

const FIXTURE = path.join(import.meta.dirname, '../../../../importer/src/__tests__/__fixtures__/site')
let root = ''
let source = ''
let synthetic: SyntheticContent

function git(cwd: string, args: string[], date?: string): string {
  return execFileSync('git', args, {cwd, env: gitEnv(date), encoding: 'utf8', stdio: 'pipe'})
}

async function edit(file: string, change: (text: string) => string): Promise<void> {
  const absolute = path.join(source, file)
  await writeFile(absolute, change(await readFile(absolute, 'utf8')))
}

async function importDocuments(contentDir: string): Promise<Map<string, Record<string, unknown>>> {
  const result = await runImport({contentDir, outDir: path.join(root, 'unused'), write: false})
  expect(result.errors.map(formatDiagnostic)).toEqual([])
  return new Map(result.documents.map((document) => [document._id, document as Record<string, unknown>]))
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'synthetic-content-'))
  source = path.join(root, 'site', 'content')
  await cp(FIXTURE, source, {recursive: true})
  git(path.join(root, 'site'), ['init', '-q'])
  git(path.join(root, 'site'), ['add', '-A'])
  git(path.join(root, 'site'), ['commit', '-qm', 'first'], '2024-03-01T10:00:00Z')
  // The English rooms page changes after its French translation: the translation is stale.
  await edit('docs/02-server/rooms.md', (text) => `${text}\nA paragraph added after the translation.\n`)
  git(path.join(root, 'site'), ['commit', '-qam', 'rooms'], '2024-04-01T10:00:00Z')
  // Uncommitted: this page keeps no date.
  await edit('docs/advanced/02-memory.md', (text) => `${text}\nNot committed yet.\n`)
  synthetic = await writeSyntheticContent(source, path.join(root, 'grown'), {factor: 3})
}, 60_000)

afterAll(async () => {
  if (root) await rm(root, {recursive: true, force: true})
})

describe('writeSyntheticContent', () => {
  it('copies each docs version, post, release and page twice more, with their translations', async () => {
    const versions: unknown = JSON.parse(await readFile(path.join(synthetic.contentDir, 'versions.json'), 'utf8'))
    expect(versions).toEqual(['3.x', '4.x-copy2', '3.x-copy2', '4.x-copy3', '3.x-copy3'])
    expect(synthetic.plan.versionCopies.map((copy) => [copy.label, copy.path])).toEqual([
      ['4.x (copy 2)', 'v204'],
      ['3.x (copy 2)', 'v203'],
      ['4.x (copy 3)', 'v304'],
      ['3.x (copy 3)', 'v303'],
    ])
    const files = (await readdir(synthetic.contentDir, {recursive: true})).map((file) => file.split(path.sep).join('/'))
    for (const file of [
      'versioned_docs/version-4.x-copy2/02-server/rooms.md',
      'versioned_docs/version-3.x-copy3/rooms.md',
      'versioned_sidebars/version-4.x-copy2-sidebars.json',
      'i18n/fr/docusaurus-plugin-content-docs/version-4.x-copy3/02-server/rooms.md',
      'i18n/fr/docusaurus-plugin-content-docs/version-4.x-copy3.json',
      'src/pages/copy-2/how-to/use-with-react.md',
      'changelog/4.8.0-copy.3.md',
    ]) {
      expect(files).toContain(file)
    }
    expect(files.filter((file) => file.startsWith('src/pages/copy-'))).not.toContain('src/pages/copy-2/index.md')
    const posts = files.filter((file) => /^blog\/.*\.md$/.test(file)).sort()
    expect(posts).toHaveLength(3)
    expect(posts.at(-1)).toBe('blog/2024-07-12-hello-world.md')
    // Copies are older than the originals, so that the newest posts stay the newest.
    expect(posts.slice(0, 2).every((file) => file < 'blog/2024-07-12')).toBe(true)
    const frenchPosts = files.filter((file) => file.startsWith('i18n/fr/docusaurus-plugin-content-blog/')).sort()
    expect(frenchPosts.map((file) => path.basename(file))).toEqual(posts.map((file) => path.basename(file)))
    const sidebars: unknown = JSON.parse(await readFile(path.join(synthetic.contentDir, 'versioned_sidebars/version-4.x-copy2-sidebars.json'), 'utf8'))
    expect(sidebars).toEqual((await import(path.join(source, 'sidebars.js'))).default)
  })

  it('replays the history: each copy was last committed with its original, uncommitted changes stay uncommitted', () => {
    const log = git(path.dirname(synthetic.contentDir), ['log', '--format=%cI %s'])
    expect(log).toMatch(/^2024-03-01T10:00:00\+00:00 replay of /m)
    expect(log).toMatch(/^2024-04-01T10:00:00\+00:00 replay of /m)
    const lastCommit = (file: string) => git(path.dirname(synthetic.contentDir), ['log', '-1', '--format=%cI', '--', `content/${file}`]).trim()
    expect(lastCommit('versioned_docs/version-4.x-copy3/02-server/rooms.md')).toBe(lastCommit('docs/02-server/rooms.md'))
    expect(lastCommit('i18n/fr/docusaurus-plugin-content-docs/version-4.x-copy2/02-server/rooms.md')).toBe('2024-03-01T10:00:00+00:00')
    const status = git(path.dirname(synthetic.contentDir), ['status', '--porcelain'])
    expect(status).toContain('content/docs/advanced/02-memory.md')
    expect(status).toContain('content/versioned_docs/version-4.x-copy2/advanced/02-memory.md')
  })

  it('imports to the same documents for the originals, and copies dated and judged like them', async () => {
    const [original, grown] = await Promise.all([importDocuments(source), importDocuments(synthetic.contentDir)])
    const differences = [...original].filter(([id, document]) => JSON.stringify(grown.get(id)) !== JSON.stringify(document)).map(([id]) => id)
    // The site settings and docs versions name the added versions; everything else is as it was.
    expect(differences.every((id) => id === 'siteSettings' || id.startsWith('docsVersion.'))).toBe(true)
    const count = (documents: Map<string, Record<string, unknown>>, type: string) =>
      [...documents.values()].filter((document) => document._type === type).length
    for (const type of ['doc', 'blogPost', 'release']) expect(count(grown, type)).toBe(3 * count(original, type))
    expect(count(grown, 'page')).toBe(3 * count(original, 'page'))
    expect(count(grown, 'homePage')).toBe(count(original, 'homePage'))

    const find = (documents: Map<string, Record<string, unknown>>, match: Record<string, unknown>) => {
      const found = [...documents.values()].find((document) => Object.entries(match).every(([key, value]) => document[key] === value))
      if (!found) throw new Error(`no document ${JSON.stringify(match)}`)
      return found
    }
    const status = (documents: Map<string, Record<string, unknown>>, document: Record<string, unknown>) => {
      const translation = document.translation as {source: {_ref: string}}
      return translationStatus(documents.get(translation.source._ref) ?? {}, document)
    }
    const frenchRooms = find(original, {_type: 'doc', version: 'v4', slug: 'server/rooms', language: 'fr'})
    expect(status(original, frenchRooms)).toBe('stale')
    for (const version of ['v204', 'v304']) {
      const copy = find(grown, {_type: 'doc', version, slug: 'server/rooms', language: 'fr'})
      expect(status(grown, copy)).toBe('stale')
      // The same text; its relative links lead into its own version.
      expect([
        copy.title,
        JSON.stringify(copy.body)
          .replaceAll(`/docs/${version}/`, '/docs/v4/')
          .replace(/"_key":"[^"]*"|"link-[0-9a-f]+"/g, ''),
      ]).toEqual([frenchRooms.title, JSON.stringify(frenchRooms.body).replace(/"_key":"[^"]*"|"link-[0-9a-f]+"/g, '')])
      expect(find(grown, {_type: 'doc', version, slug: 'server/rooms', language: 'en'}).lastUpdatedAt).toBe(
        find(original, {_type: 'doc', version: 'v4', slug: 'server/rooms', language: 'en'}).lastUpdatedAt,
      )
      expect(find(grown, {_type: 'doc', version, slug: 'advanced/memory', language: 'en'}).lastUpdatedAt).toBeUndefined()
    }
    // A post without a slug is addressed by its file's date, as Docusaurus does: 2024/07/12/hello-world.
    const frenchPost = find(original, {_type: 'blogPost', slug: '2024/07/12/hello-world', language: 'fr'})
    const frenchPostCopy = [...grown.values()].find(
      (document) => document._type === 'blogPost' && document.language === 'fr' && /^\d{4}\/\d{2}\/\d{2}\/hello-world-copy2$/.test(String(document.slug)),
    )
    if (!frenchPostCopy) throw new Error('no French copy 2 of the hello-world post')
    expect(status(grown, frenchPostCopy)).toBe(status(original, frenchPost))
    expect(String(frenchPostCopy.date) < String(frenchPost.date)).toBe(true)
    expect(find(grown, {_type: 'release', version: '4.8.0-copy.3'}).body).toEqual(find(original, {_type: 'release', version: '4.8.0'}).body)
    expect(find(grown, {_type: 'page', path: 'copy-2/how-to/use-with-react', language: 'en'}).body).toEqual(
      find(original, {_type: 'page', path: 'how-to/use-with-react', language: 'en'}).body,
    )
  }, 60_000)

  it('at 1×, writes the content as it is', async () => {
    const faithful = await writeSyntheticContent(source, path.join(root, 'same'), {factor: 1})
    const [original, copied] = await Promise.all([importDocuments(source), importDocuments(faithful.contentDir)])
    expect([...copied.keys()].sort()).toEqual([...original.keys()].sort())
    for (const [id, document] of original) expect(copied.get(id)).toEqual(document)
  }, 60_000)
})

describe('planScale and mapFile', () => {
  it('adds locales copied from a translation when asked, for when the content model takes any locale', async () => {
    const content = await readSourceContent(source)
    const plan = planScale(content, {factor: 1, extraLocales: 2})
    expect(plan.localeCopies).toEqual([
      {code: 'fr-x-copy2', template: 'fr'},
      {code: 'fr-x-copy3', template: 'fr'},
    ])
    const mapped = mapFile(plan, {path: 'i18n/fr/code.json', bytes: Buffer.from('{}')}).map((file) => file.path)
    expect(mapped).toEqual(['i18n/fr/code.json', 'i18n/fr-x-copy2/code.json', 'i18n/fr-x-copy3/code.json'])
  })

  it('rejects a factor that is not a whole number of times', async () => {
    const content = await readSourceContent(source)
    expect(() => planScale(content, {factor: 0})).toThrow('--scale takes a whole number')
    expect(() => planScale(content, {factor: 2.5})).toThrow('--scale takes a whole number')
  })

  it('rewrites one front matter line and leaves every other byte alone', () => {
    const text = '---\ntitle: "A: title"\nslug: hello\ndate: 2024-01-02\n---\n\nslug: not front matter\n'
    const changed = replaceFrontMatterValue(replaceFrontMatterValue(text, 'slug', 'hello-copy2', 'x.md'), 'date', '2012-05-06', 'x.md')
    expect(changed).toBe('---\ntitle: "A: title"\nslug: "hello-copy2"\ndate: "2012-05-06"\n---\n\nslug: not front matter\n')
    expect(frontMatterValue(changed, 'slug')).toBe('hello-copy2')
    expect(replaceFrontMatterValue(text, 'version', '1.0.0', 'x.md')).toBe(text)
    expect(() => replaceFrontMatterValue('---\nslug: |\n  a\n---\n', 'slug', 'b', 'x.md')).toThrow('x.md: front matter "slug" is a block scalar')
  })
})

describe("the copy of a config that imports a plugin (content/'s imports remark-math)", () => {
  it('writes the import again where the config held its value, and refuses any other function', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'synthetic-config-'))
    try {
      const plugin = path.join(dir, 'plugin.mjs')
      await writeFile(plugin, 'export default function highlightThings() {}\n')
      await writeFile(
        path.join(dir, 'docusaurus.config.js'),
        `import things from './plugin.mjs'\nexport default {title: 'T', presets: [['classic', {docs: {remarkPlugins: [things]}}]]}\n`,
      )
      const read = await readSourceContent(dir)
      expect(read.configImports.map((entry) => [entry.name, entry.module])).toEqual([['things', './plugin.mjs']])
      const written = configModule(read.config, read.configImports, 0)
      expect(written).toContain('import things from "./plugin.mjs"\n')
      expect(written).toMatch(/"remarkPlugins": \[\s*things\s*\]/)
      await writeFile(path.join(dir, 'docusaurus.config.js'), `export default {title: 'T', onDone: () => 1}\n`)
      await expect(readSourceContent(dir)).rejects.toThrow(/docusaurus\.config\.js: holds values that neither JSON nor one of its default imports can carry/)
    } finally {
      await rm(dir, {recursive: true, force: true})
    }
  })
})
