/**
 * The bench's synthetic site builds, and growing the content leaves alone the pages whose content
 * did not change: content/ is built as it is, then grown twice over (synthetic-content.ts) and built
 * again, with the steps of `npm run build`; every page of the first build must be in the second,
 * byte for byte (the added versions' menu entries aside), but for the lists the added posts and
 * releases join. Two whole builds (one when handed a build of content/ made already: see builtBase), so
 * not in npm test: `npm run test:synthetic` runs it. web/out is put back afterwards.
 */
import {existsSync} from 'node:fs'
import {cp, mkdir, readdir, readFile, rename, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {checkLinks} from '../../check-links'
import {comparePages, withoutVersions, type PageComparison} from '../compare-pages'
import {measureCommand} from '../process-tree'
import {webBuildCommands} from '../scale'
import {writeSyntheticContent, type SyntheticContent} from '../synthetic-content'

const root = path.resolve(import.meta.dirname, '../../../..')
const webOut = path.join(root, 'web/out')
const temp = path.join(tmpdir(), `synthetic-site-${process.pid}`)
const kept = `${webOut}.kept-by-synthetic-site-test`
let grown: SyntheticContent
let outs = {base: '', grown: ''}
let comparison: PageComparison
const pages: Record<'base' | 'grown', string[]> = {base: [], grown: []}
/** What the added (older) posts and releases come after, in the 1× content. */
let oldest = {post: '', release: '', lastBlogPage: ''}

async function build(contentDir: string, name: string): Promise<string> {
  const datasetDir = path.join(temp, `${name}-dataset`)
  const {SANITY_PROJECT_ID: _project, SANITY_DATASET: _dataset, ...inherited} = process.env
  const env: NodeJS.ProcessEnv = {...inherited, DATASET_DIR: datasetDir, NEXT_TELEMETRY_DISABLED: '1'}
  const tsx = path.join(root, 'node_modules/.bin/tsx')
  await measureCommand(tsx, ['importer/src/cli.ts', '--content', contentDir, '--out', datasetDir], {cwd: root, env, phase: 'import'})
  await rm(webOut, {recursive: true, force: true})
  for (const command of webBuildCommands(root)) await measureCommand(command.command, command.args, {cwd: command.cwd, env, phase: command.step})
  const out = path.join(temp, `${name}-out`)
  await cp(webOut, out, {recursive: true})
  return out
}

/**
 * A build of content/ as it is, made before this test (say `npm run build`'s, served by web/out):
 * SYNTHETIC_SITE_BASE_OUT names its folder and SYNTHETIC_SITE_BASE_DATASET the dataset it was
 * built from. It is the 1× site, instead of a third build of the same content.
 */
function builtBase(): {out: string; dataset: string} | null {
  const out = process.env.SYNTHETIC_SITE_BASE_OUT?.trim()
  const dataset = process.env.SYNTHETIC_SITE_BASE_DATASET?.trim()
  if (!out || !dataset) return null
  if (!existsSync(path.join(out, 'index.html')) || !existsSync(path.join(dataset, 'data.ndjson')))
    throw new Error(`SYNTHETIC_SITE_BASE_OUT (${out}) must hold a built site and SYNTHETIC_SITE_BASE_DATASET (${dataset}) its dataset`)
  return {out: path.resolve(out), dataset: path.resolve(dataset)}
}

/** Where each page first differs between the two builds (the added versions' menu entries left out), to read in a failure. */
async function firstDifferences(files: readonly string[]): Promise<string> {
  const lines: string[] = []
  for (const file of files.slice(0, 3)) {
    const before = await readFile(path.join(outs.base, file), 'utf8')
    const after = withoutVersions(
      await readFile(path.join(outs.grown, file), 'utf8'),
      grown.plan.versionCopies.map((copy) => copy.path),
    )
    let at = 0
    while (at < before.length && before[at] === after[at]) at++
    lines.push(`${file} at ${at}:\n  1×: …${before.slice(Math.max(0, at - 80), at + 160)}\n  2×: …${after.slice(Math.max(0, at - 80), at + 160)}`)
  }
  return lines.join('\n')
}

async function htmlPages(dir: string): Promise<string[]> {
  return (await readdir(dir, {recursive: true})).filter((file) => file.endsWith('.html')).map((file) => file.split(path.sep).join('/'))
}

beforeAll(
  async () => {
    await mkdir(temp, {recursive: true})
    if (existsSync(webOut)) await rename(webOut, kept)
    const reused = builtBase()
    if (reused) console.log(`synthetic-site test: the 1× site is the build of content/ in ${reused.out} (SYNTHETIC_SITE_BASE_OUT)`)
    const baseOut = reused?.out ?? (await build(path.join(root, 'content'), 'base'))
    const baseDataset = reused?.dataset ?? path.join(temp, 'base-dataset')
    grown = await writeSyntheticContent(path.join(root, 'content'), path.join(temp, 'grown'), {factor: 2})
    const grownOut = await build(grown.contentDir, 'grown')
    const documents = (await readFile(path.join(baseDataset, 'data.ndjson'), 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as {_type: string; language?: string; date?: string; slug?: string; version?: string})
    const first = (type: string) =>
      documents.filter((document) => document._type === type && document.language === 'en').sort((a, b) => String(a.date).localeCompare(String(b.date)))[0]
    pages.base = await htmlPages(baseOut)
    const listPages = pages.base.flatMap((file) => /^blog\/page\/(\d+)\/index\.html$/.exec(file)?.[1] ?? []).map(Number)
    oldest = {
      post: first('blogPost')?.slug ?? '',
      release: first('release')?.version ?? '',
      lastBlogPage: listPages.length > 0 ? `blog/page/${Math.max(...listPages)}/index.html` : 'blog/index.html',
    }
    pages.grown = await htmlPages(grownOut)
    outs = {base: baseOut, grown: grownOut}
    comparison = await comparePages(
      baseOut,
      grownOut,
      grown.plan.versionCopies.map((copy) => copy.path),
    )
  },
  60 * 60 * 1000,
)

afterAll(async () => {
  await rm(webOut, {recursive: true, force: true})
  if (existsSync(kept)) await rename(kept, webOut)
  // SYNTHETIC_SITE_KEEP=1 keeps both builds (base-out, grown-out) to look into a difference.
  if (process.env.SYNTHETIC_SITE_KEEP === '1') console.log(`synthetic-site test: builds kept in ${temp}`)
  else await rm(temp, {recursive: true, force: true})
})

describe('the 2× synthetic site', () => {
  it('builds, with about twice the pages and no broken link', async () => {
    expect(pages.base.length).toBeGreaterThan(800)
    // Copies share their originals' tags: every page but the tag pages doubles.
    const untagged = (list: string[]) => list.filter((file) => !/(^|\/)blog\/tags\//.test(file)).length
    expect(untagged(pages.grown)).toBeGreaterThan(1.9 * untagged(pages.base))
    const result = await checkLinks(path.join(temp, 'grown-out'))
    expect(result.broken).toEqual([])
    // The link check reads every page of the grown site: seconds on an idle machine, more than the default 20 s on a loaded one.
  }, 180_000)

  it('keeps every page of the 1× site, identical but for the lists the added posts and releases join', async () => {
    expect(comparison.missing).toEqual([])
    // Per locale: the blog archive and the list page where the copied (older) posts start, the
    // oldest original post (its "older post" link), the authors page (each author's number of posts)
    // and the changelog, which lists every release.
    expect(oldest.post && oldest.release).toBeTruthy()
    const expected = new Set(
      ['', 'fr/', 'pt-br/', 'zh-CN/'].flatMap((prefix) => [
        `${prefix}blog/archive/index.html`,
        `${prefix}blog/authors/index.html`,
        `${prefix}${oldest.lastBlogPage}`,
        `${prefix}blog/${oldest.post}/index.html`,
        `${prefix}docs/v4/changelog/index.html`,
        `${prefix}docs/v4/changelog/${oldest.release}/index.html`,
      ]),
    )
    // Tag pages list the copied posts too.
    const unexpected = comparison.different.filter((file) => !expected.has(file) && !/(^|\/)blog\/tags\//.test(file))
    expect(unexpected, await firstDifferences(unexpected)).toEqual([])
    expect(comparison.identical).toBe(comparison.compared - comparison.different.length)
    const tagPages = comparison.different.filter((file) => /(^|\/)blog\/tags\//.test(file)).length
    expect(comparison.identical).toBeGreaterThan(0.95 * (comparison.compared - tagPages))
  })
})
