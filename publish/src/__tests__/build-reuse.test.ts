// The build cache of `npm run build`: what invalidates the release being served (an edited doc, an edited
// component, a changed dependency version, a changed config...), what does not, and when it is reused.
import {mkdir, mkdtemp, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterEach, beforeEach, describe, expect, it} from 'vitest'
import {contentDirOf, fullBuildKey, reuseDecision, type FullBuildRecord} from '../build-reuse'

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

  it('reads the content folder --content names, else content/', () => {
    expect(contentDirOf('/repo', [])).toBe(path.resolve('/repo/content'))
    expect(contentDirOf('/repo', ['--content', '../site'])).toBe(path.resolve('/site'))
    expect(contentDirOf('/repo', ['--content=/abs/site'])).toBe(path.resolve('/abs/site'))
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
