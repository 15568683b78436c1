// A Docusaurus fixture site of __fixtures__ imported once, from a copy in a temporary folder (a git
// repository with one commit when `committedAt` is given, for commit-dated docs and translations):
// the result, the written documents and lookups by id. Shared by the fixture sites' import tests; and
// small sites written file by file into a temporary folder and imported without writing.
import {execFileSync} from 'node:child_process'
import {cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {gitEnv} from '@site/test-support/git'
import {afterAll, beforeAll} from 'vitest'
import {type ImportResult, runImport} from '../run-import'

export type Doc = Record<string, unknown>

export interface ImportedFixture {
  /** The temporary folder: the site's copy in site/, the dataset in out/. */
  root: string
  result: ImportResult
  /** The documents of out/data.ndjson, in file order. */
  written: Doc[]
  byId: Map<string, Doc>
  /** The import's progress lines. */
  progress: string[]
  remove: () => Promise<void>
}

export async function importFixture(name: string, {committedAt, packages}: {committedAt?: string; packages?: boolean} = {}): Promise<ImportedFixture> {
  const root = await mkdtemp(path.join(tmpdir(), `${name}-`))
  const site = path.join(root, 'site')
  await cp(path.join(import.meta.dirname, '__fixtures__', name), site, {recursive: true})
  // A config that imports its plugins (remark-math…) finds them as in the site's own install: the repository's.
  if (packages) await symlink(path.resolve(import.meta.dirname, '../../../node_modules'), path.join(site, 'node_modules'), 'dir')
  if (committedAt) {
    const env = gitEnv(committedAt)
    const git = (...args: string[]) => execFileSync('git', ['-c', 'commit.gpgsign=false', ...args], {cwd: site, env, stdio: 'pipe'})
    git('init', '-q')
    git('add', '-A')
    git('commit', '-qm', `${name} site`)
  }
  const progress: string[] = []
  const result = await runImport({contentDir: site, outDir: path.join(root, 'out'), progress: (line) => progress.push(line)})
  const written = (await readFile(path.join(root, 'out', 'data.ndjson'), 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Doc)
  return {
    root,
    result,
    written,
    byId: new Map(written.map((document) => [String(document._id), document])),
    progress,
    remove: () => rm(root, {recursive: true, force: true}),
  }
}

/** The document with this id, or a failure naming it. */
export function documentById(byId: ReadonlyMap<string, Doc>, id: string): Doc {
  const document = byId.get(id)
  if (!document) throw new Error(`no document ${id}`)
  return document
}

/** What a test file reads of a fixture imported for it: filled in by the file's beforeAll. */
export interface FixtureUnderTest {
  readonly result: ImportResult
  /** The document with this id, or a failure naming it. */
  get: (id: string) => Doc
  /** The written documents of a type, in file order. */
  ofType: (type: string) => Doc[]
}

/** Imports a fixture once for the calling test file (beforeAll) and removes its copy afterwards (afterAll). */
export function useImportedFixture(name: string, options: {committedAt?: string} = {}): FixtureUnderTest {
  let fixture: ImportedFixture | undefined
  const loaded = (): ImportedFixture => {
    if (!fixture) throw new Error(`the ${name} fixture is read before its beforeAll imported it`)
    return fixture
  }
  beforeAll(async () => {
    fixture = await importFixture(name, options)
  }, 60_000)
  afterAll(async () => {
    await fixture?.remove()
  })
  return {
    get result() {
      return loaded().result
    },
    get: (id) => documentById(loaded().byId, id),
    ofType: (type) => loaded().written.filter((document) => document._type === type),
  }
}

/** Writes `files` (path → text) into a new temporary folder, added to `temporary` for removal, and imports it without writing the dataset. */
export async function importFiles(files: Record<string, string>, temporary: string[], prefix = 'site-'): Promise<ImportResult> {
  const root = await mkdtemp(path.join(tmpdir(), prefix))
  temporary.push(root)
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), {recursive: true})
    await writeFile(path.join(root, name), text)
  }
  return runImport({contentDir: root, outDir: path.join(root, 'out'), write: false})
}
