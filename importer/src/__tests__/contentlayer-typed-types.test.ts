// The measurement behind the importer's use of contentlayer2 (README, "How files are read"): the same
// bad front matter read through contentlayer2's typed document types and through front-matter.ts.
// contentlayer2 (0.5.8) prints its findings as one text and hands code nothing to point at: no line,
// and no file or field but in that text; front-matter.ts names file, line and field of each problem.
import {readFileSync} from 'node:fs'
import path from 'node:path'
import {dynamicBuildMain} from '@contentlayer2/core'
import {afterEach, describe, expect, it, vi} from 'vitest'
import {DiagnosticLog, formatDiagnostic, sortDiagnostics} from '../diagnostics'
import {BLOG_FIELDS, DOC_FIELDS, PAGE_FIELDS, readFrontMatter, RELEASE_FIELDS} from '../front-matter'
import {makeTypedSource, type TypedFlags} from './contentlayer-typed-types'

const FIXTURE = path.join(import.meta.dirname, '__fixtures__/bad-front-matter')
const FILES = [
  'blog/2024-01-01-unknown-field.md',
  'changelog/4.8.1.md',
  'changelog/4.8.2.md',
  'changelog/4.8.md',
  'changelog/missing-version.md',
  'docs/numeric-title.md',
  'docs/ok.md',
  'docs/wrong-boolean.md',
  'docs/wrong-type.md',
  'docs/yaml-error.md',
  'src/pages/about.md',
]

interface TypedRun {
  result: {_tag: 'Data'; data: {allDocuments: Array<Record<string, unknown> & {_raw: {sourceFilePath: string}}>}} | {_tag: 'Error'; error: unknown}
  printed: string
}

async function readTyped(flags: TypedFlags): Promise<TypedRun> {
  const printed: string[] = []
  vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    printed.push(args.map(String).join(' '))
  })
  const source = await makeTypedSource(FIXTURE, flags)('typed')
  const result = await dynamicBuildMain({
    config: {source, esbuildHash: `typed-${flags.onMissingOrIncompatibleData}`, filePath: path.join(import.meta.dirname, 'contentlayer-typed-types.ts')},
    verbose: false,
    runtimeDeps: {cwd: FIXTURE as never, contentlayerVersion: '0.5.8'},
  })
  return {result: result as unknown as TypedRun['result'], printed: printed.join('\n')}
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('bad front matter read through contentlayer2 typed document types', () => {
  it('fails with an error that holds no file, field or line; only the printed text names files and fields', async () => {
    const {result, printed} = await readTyped({onMissingOrIncompatibleData: 'fail', onExtraFieldData: 'fail'})
    expect(result._tag).toBe('Error')
    const error = JSON.stringify(result._tag === 'Error' ? result.error : null)
    expect(error).toContain('HandledFetchDataError')
    expect(error).not.toMatch(/docs\/|changelog\/|blog\/|sidebar_position|line/)
    // The text: file and field of each problem it finds, never a line of a field.
    expect(printed).toContain('"docs/wrong-type.md" of type "Doc" has the following incompatible fields:')
    expect(printed).toContain('sidebar_position: "abc"')
    expect(printed).toContain('"changelog/missing-version.md" (of type "Release") is missing the following required fields:')
    expect(printed).toContain('"blog/2024-01-01-unknown-field.md" of type "BlogPost" has the following extra fields:')
    // The only line is the one in the YAML parser's message.
    expect(printed.match(/\bline \d+/g)).toEqual(['line 3'])
    expect(printed).toContain('"docs/yaml-error.md" failed with YAMLParseError')
  }, 60_000)

  it('skips whole documents, passes an impossible date on as another day, and refuses a title Docusaurus reads', async () => {
    const {result} = await readTyped({onMissingOrIncompatibleData: 'skip-ignore', onExtraFieldData: 'ignore'})
    expect(result._tag).toBe('Data')
    const documents = result._tag === 'Data' ? result.data.allDocuments : []
    const byPath = new Map(documents.map((document) => [document._raw.sourceFilePath, document]))
    expect([...byPath.keys()].sort()).toEqual([
      'blog/2024-01-01-unknown-field.md',
      'changelog/4.8.1.md',
      'changelog/4.8.md',
      'docs/ok.md',
      'src/pages/about.md',
    ])
    // 2024-02-30 becomes March 1st; "4.8" is no semantic version, but contentlayer has no such type.
    expect(byPath.get('changelog/4.8.1.md')).toMatchObject({date: '2024-03-01T00:00:00.000Z', major: 4})
    expect(byPath.get('changelog/4.8.md')).toMatchObject({version: '4.8'})
    // Computed fields do work.
    expect(byPath.get('docs/ok.md')).toMatchObject({title: 'Fine', sidebar_position: 2, version: 'current', docPath: 'ok'})
    expect(byPath.get('src/pages/about.md')).toMatchObject({route: '/about'})
  }, 60_000)
})

describe('the same files through front-matter.ts', () => {
  it('names file, line and field of every problem and reads the title 404 as Docusaurus does', () => {
    const log = new DiagnosticLog()
    const rules = (file: string) =>
      file.startsWith('blog/') ? BLOG_FIELDS : file.startsWith('changelog/') ? RELEASE_FIELDS : file.startsWith('src/pages/') ? PAGE_FIELDS : DOC_FIELDS
    const titles = FILES.map((file) => readFrontMatter(file, readFileSync(path.join(FIXTURE, file), 'utf8'), rules(file), log)?.data.title)
    expect(sortDiagnostics(log.errors).map(formatDiagnostic)).toEqual([
      'changelog/4.8.2.md:3: date: expected a date such as 2024-07-12, got "someday"',
      'changelog/4.8.md:2: version: expected a semantic version such as 4.8.1, got "4.8"',
      'changelog/missing-version.md:1: version: is required',
      'docs/wrong-boolean.md:3: hide_title: expected true or false, got "yes"',
      'docs/wrong-type.md:3: sidebar_position: expected a number, got "abc"',
      expect.stringMatching(/^docs\/yaml-error\.md:3: description: invalid YAML: Flow sequence/),
    ])
    expect(titles[FILES.indexOf('docs/numeric-title.md')]).toBe(404)
  })
})
