// Files Docusaurus reads whose names give no date or hold spaces: a post without a date is dated by its file's first
// commit (else the file's creation), as Docusaurus dates it; a doc or page whose name has spaces gets an address
// without them, said in a warning. Small sites in a temporary folder.
import {execFileSync} from 'node:child_process'
import {statSync} from 'node:fs'
import {mkdir, mkdtemp, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {gitEnv} from '@site/test-support/git'
import {afterAll, describe, expect, it} from 'vitest'
import {formatDiagnostic, sortDiagnostics} from '../diagnostics'
import {runImport} from '../run-import'

const temporary: string[] = []

afterAll(async () => {
  for (const dir of temporary) await rm(dir, {recursive: true, force: true})
})

const CONFIG =
  "export default {title: 'Site', url: 'https://site.example.org', baseUrl: '/', i18n: {defaultLocale: 'en', locales: ['en']}, presets: [['classic', {docs: {sidebarPath: false}, blog: {}}]]}\n"

async function site(files: Record<string, string>, committedAt?: string): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'undated-'))
  temporary.push(root)
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), {recursive: true})
    await writeFile(path.join(root, name), text)
  }
  if (committedAt) {
    const git = (...args: string[]) => execFileSync('git', ['-c', 'commit.gpgsign=false', ...args], {cwd: root, env: gitEnv(committedAt), stdio: 'pipe'})
    git('init', '-q')
    git('add', '-A')
    git('commit', '-qm', 'the site')
  }
  return root
}

const FILES = {
  'docusaurus.config.js': CONFIG,
  'docs/index.md': '# Home\n',
  'docs/streams/01Streams Overview.md': '# Streams overview\n',
  'src/pages/version 2.md': '# Version 2\n',
  'blog/welcome.md': '---\ntitle: Welcome\n---\n\nHello.\n',
}

describe('files whose names give no date or hold spaces', () => {
  it('dates a post without a date by its file’s first commit', async () => {
    const root = await site(FILES, '2021-06-15T10:00:00Z')
    const result = await runImport({contentDir: root, outDir: path.join(root, 'out'), write: false})
    expect(sortDiagnostics(result.errors).map(formatDiagnostic)).toEqual([])
    const post = result.documents.find((document) => document._type === 'blogPost' && document.title === 'Welcome')
    expect(post?.date).toBe('2021-06-15')
    expect(post?.slug).toBe('welcome')
  })

  it('gives a doc and a page whose names hold spaces an address without them, each said in a warning', async () => {
    const root = await site(FILES)
    const result = await runImport({contentDir: root, outDir: path.join(root, 'out'), write: false})
    expect(sortDiagnostics(result.errors).map(formatDiagnostic)).toEqual([])
    // Without git, the post is dated by its file's creation.
    const post = result.documents.find((document) => document._type === 'blogPost')
    const created = statSync(path.join(root, 'blog/welcome.md'))
    expect(post?.date).toBe((created.birthtimeMs > 0 ? created.birthtime : created.mtime).toISOString().slice(0, 10))
    const warnings = sortDiagnostics(result.warnings).map(formatDiagnostic)
    expect(warnings).toContain(
      'docs/streams/01Streams Overview.md:1: slug: "streams/01Streams Overview" has white space, which this site\'s addresses cannot hold: the doc is at "streams/01Streams-Overview" (links to its file follow it; a link to Docusaurus\'s address of it, with %20, does not)',
    )
    expect(warnings).toContain(
      'src/pages/version 2.md: path: "version 2" has white space, which this site\'s addresses cannot hold: the page is at "/version-2" (a link to Docusaurus\'s address of it, with %20, does not follow it)',
    )
  })

  it('reads a file of i18n/<default locale>/ in place of its source for the default locale, as Docusaurus does', async () => {
    const root = await site({
      'docusaurus.config.js': CONFIG.replace("locales: ['en']", "locales: ['zh', 'en']"),
      'docs/index.md': '# 首页\n',
      'docs/producer.md': '# 生产者\n\n生产者发送消息。\n',
      'i18n/en/docusaurus-plugin-content-docs/current/producer.md': '# Producer\n\nA producer sends messages.\n',
      'blog/2024-01-01-hello.md': '---\ntitle: 你好\n---\n\n你好。\n',
    })
    const result = await runImport({contentDir: root, outDir: path.join(root, 'out'), write: false})
    expect(sortDiagnostics(result.errors).map(formatDiagnostic)).toEqual([])
    const producer = (language: string) =>
      result.documents.find((document) => document._type === 'doc' && document.slug === 'producer' && document.language === language)
    expect(producer('en')?.title).toBe('Producer')
    expect(producer('zh')?.title).toBe('生产者')
    expect(result.documents.filter((document) => document._type === 'doc' && document.slug === 'producer')).toHaveLength(2)
  })
})
