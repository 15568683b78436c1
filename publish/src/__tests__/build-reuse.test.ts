// The build cache of `npm run build`: what invalidates the release being served (an edited doc, an edited
// component, a changed dependency version, a changed config...), what does not, and when it is reused; a copy
// of the content dated by its original's git history, which has the original's key.
import {cp, mkdir, mkdtemp, rm, symlink, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterEach, beforeEach, describe, expect, it} from 'vitest'
import {contentDirOf, fullBuildKey, historyOfArg, RECORD_FILE, reuseDecision, servedRelease, type FullBuildRecord} from '../build-reuse'

let root = ''
let git = 'c0ffee 2026-11-01T10:00:00Z\n'

async function put(relative: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.join(root, relative)), {recursive: true})
  await writeFile(path.join(root, relative), text)
}

const key = (env: Record<string, string | undefined> = {}, args: string[] = []) =>
  fullBuildKey({root, contentDir: path.join(root, 'content'), args, env, gitState: () => Promise.resolve(git)})

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'build-reuse-'))
  git = 'c0ffee 2026-11-01T10:00:00Z\n'
  await put('content/docs/intro.md', '# Introduction\n\nA first page.\n')
  await put('web/src/components/callout.tsx', 'export const Callout = () => null\n')
  await put('web/app/[[...path]]/page.tsx', 'export default function Page() {}\n')
  await put('web/next.config.ts', "export default {output: 'export'}\n")
  await put('web/package.json', '{"name": "@site/web"}\n')
  await put('package-lock.json', '{"packages": {"node_modules/next": {"version": "16.4.6"}}}\n')
  await put('importer/src/cli.ts', 'export {}\n')
  await put('publish/src/publish-plan.ts', 'export {}\n')
})

afterEach(async () => {
  await rm(root, {recursive: true, force: true})
})

describe('the key of a full build', () => {
  it('is the same for the same inputs', async () => {
    expect(await key()).toBe(await key())
  })

  it.each([
    ['an edited doc', () => put('content/docs/intro.md', '# Introduction\n\nA first page, edited.\n')],
    ['a new doc', () => put('content/docs/second.md', '# Second\n')],
    ['an edited component', () => put('web/src/components/callout.tsx', 'export const Callout = () => "!"\n')],
    ['a changed dependency version', () => put('package-lock.json', '{"packages": {"node_modules/next": {"version": "16.5.0"}}}\n')],
    ['a changed config', () => put('web/next.config.ts', "export default {output: 'export', trailingSlash: true}\n")],
    ['a changed importer', () => put('importer/src/cli.ts', 'export const x = 1\n')],
    ['a changed publish step', () => put('publish/src/publish-plan.ts', 'export const x = 1\n')],
    [
      'a commit touching the content (translations are dated by it)',
      async () => {
        git = 'beef00 2026-11-02T10:00:00Z\n'
      },
    ],
  ])('changes with %s', async (_name, change) => {
    const before = await key()
    await change()
    expect(await key()).not.toBe(before)
  })

  it('changes with a build setting of the environment and with the importer’s arguments', async () => {
    const before = await key()
    expect(await key({NEXT_PUBLIC_SITE_URL: 'https://example.org'})).not.toBe(before)
    expect(await key({}, ['--strict'])).not.toBe(before)
  })

  it('does not change with what no page is built from: tests, the docs of the repository, files the build itself writes', async () => {
    const before = await key()
    await put('web/src/components/__tests__/callout.test.tsx', 'it("x", () => {})\n')
    await put('publish/src/__tests__/publish-plan.test.ts', 'it("x", () => {})\n')
    await put('docs/performance.md', '# Performance\n')
    await put('web/public/_katex/0.16.47/katex.min.css', '.katex{}\n')
    await put('web/public/_dataset/images/a.png', 'png')
    await put('scripts/src/bench/cli.ts', 'export {}\n')
    expect(await key({SITE_BUILD_WORKERS: '1'})).toBe(before)
  })

  it('reads the content folder --content names, else content/, and the folder --git-history-of names', () => {
    expect(contentDirOf('/repo', [])).toBe(path.resolve('/repo/content'))
    expect(contentDirOf('/repo', ['--content', '../site'])).toBe(path.resolve('/site'))
    expect(contentDirOf('/repo', ['--content=/abs/site'])).toBe(path.resolve('/abs/site'))
    expect(historyOfArg('/repo', ['--content', '/tmp/copy'])).toBeUndefined()
    expect(historyOfArg('/repo', ['--content', '/tmp/copy', '--git-history-of', 'content'])).toBe(path.resolve('/repo/content'))
    expect(historyOfArg('/repo', ['--git-history-of=/abs/site'])).toBe(path.resolve('/abs/site'))
  })

  it('holds the content folder by its files, not by its name', async () => {
    const before = await key()
    expect(await key({}, ['--content', path.join(root, 'content')])).toBe(before)
    expect(await key({}, ['--content=content'])).toBe(before)
  })
})

describe('a copy of the content dated by the git history of the folder it was copied from (--git-history-of)', () => {
  const copy = () => path.join(root, 'web', '.soak-check', 'content')
  const copyArgs = () => ['--content', copy(), '--git-history-of', 'content']
  // Git knows the original only: the copy is outside its work tree.
  const gitOf = (folder: string) => Promise.resolve(folder === path.join(root, 'content') ? git : '')
  const keyOf = (contentDir: string, args: string[]) => fullBuildKey({root, contentDir, args, env: {}, gitState: gitOf})

  beforeEach(async () => {
    await cp(path.join(root, 'content'), copy(), {recursive: true})
  })

  it('has the key of its original while their files are the same; without the option, its own', async () => {
    const original = await keyOf(path.join(root, 'content'), [])
    expect(await keyOf(copy(), copyArgs())).toBe(original)
    expect(await keyOf(copy(), ['--content', copy()])).not.toBe(original)
  })

  it.each([
    ['an edit of the copy', () => put('web/.soak-check/content/docs/intro.md', '# Introduction\n\nEdited in the copy.\n')],
    ['a file added to the copy', () => put('web/.soak-check/content/docs/second.md', '# Second\n')],
    ['an edit of the original alone (the copy is no longer its bytes)', () => put('content/docs/intro.md', '# Introduction\n\nEdited there.\n')],
    [
      'a commit touching the original',
      async () => {
        git = 'beef00 2026-11-02T10:00:00Z\n'
      },
    ],
  ])('changes with %s', async (_name, change) => {
    const before = await keyOf(copy(), copyArgs())
    await change()
    expect(await keyOf(copy(), copyArgs())).not.toBe(before)
  })

  it('finds the release `npm run build` of the original made and serves, unless told to build anyway', async () => {
    await put('web/.builds/20261129T030000Z-1/index.html', '<!doctype html>\n')
    await symlink('.builds/20261129T030000Z-1', path.join(root, 'web', 'out'))
    // What `npm run build` (no arguments) recorded; outside a git work tree, no git state.
    const built = await fullBuildKey({root, contentDir: path.join(root, 'content'), args: [], env: {}})
    await put(RECORD_FILE, JSON.stringify({key: built, buildsDir: 'web/.builds', outLink: 'web/out', build: '20261129T030000Z-1'}))
    expect(await servedRelease(root, 'web/.builds', 'web/out', copyArgs(), {})).toEqual({reuse: true, build: '20261129T030000Z-1'})
    expect(await servedRelease(root, 'web/.builds', 'web/out', copyArgs(), {SITE_BUILD_FRESH: '1'})).toEqual({reuse: false, reason: 'SITE_BUILD_FRESH=1'})
    expect(await servedRelease(root, 'web/.builds', 'web/out', copyArgs(), {DATASET_DIR: '/elsewhere'})).toMatchObject({reuse: false})
    await put('web/.soak-check/content/docs/intro.md', '# Introduction\n\nEdited in the copy.\n')
    expect(await servedRelease(root, 'web/.builds', 'web/out', copyArgs(), {})).toEqual({
      reuse: false,
      reason: 'the code, the content, the settings or the framework changed since the last full build',
    })
  })
})

describe('reusing the release being served', () => {
  const recorded: FullBuildRecord = {key: 'k1', buildsDir: 'web/.builds', outLink: 'web/out', build: '20261129T030000Z-1'}
  const current = {key: 'k1', buildsDir: 'web/.builds', outLink: 'web/out'}

  it('reuses it when the key is the recorded one and the link still serves that complete build', () => {
    expect(reuseDecision(recorded, current, '20261129T030000Z-1', true)).toEqual({reuse: true, build: '20261129T030000Z-1'})
  })

  it('builds when anything differs', () => {
    const reasons = [
      reuseDecision(null, current, '20261129T030000Z-1', true),
      reuseDecision({...recorded, build: undefined}, current, '20261129T030000Z-1', true),
      reuseDecision(recorded, {...current, key: 'k2'}, '20261129T030000Z-1', true),
      reuseDecision(recorded, current, '20261129T031500Z-2', true),
      reuseDecision(recorded, current, null, false),
      reuseDecision(recorded, current, '20261129T030000Z-1', false),
      reuseDecision(recorded, {...current, buildsDir: 'web/.soak-1/builds'}, '20261129T030000Z-1', true),
    ].map((decision) => (decision.reuse ? 'reused' : decision.reason))
    expect(reasons).toEqual([
      'no full build recorded',
      'no full build recorded',
      'the code, the content, the settings or the framework changed since the last full build',
      'web/out does not serve the last full build (20261129T030000Z-1): a publish or another build came after it',
      'web/out does not serve the last full build (20261129T030000Z-1): a publish or another build came after it',
      'web/.builds/20261129T030000Z-1 is incomplete',
      'the last full build went to another folder',
    ])
  })
})
