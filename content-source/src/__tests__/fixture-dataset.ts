/**
 * The web tests' content: the fixture dataset (__fixtures__/dataset) read through the local content
 * source, or a copy of it with documents changed and added for one test file. Call before the test
 * file imports the site's modules (they read the environment when first loaded).
 */
import {mkdtemp, readFile, rm, symlink, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {vi} from 'vitest'

export const FIXTURE_DATASET = path.join(import.meta.dirname, '__fixtures__/dataset')

export type FixtureDocument = Record<string, unknown>

/** Reads the site's content from `dir` (the fixture dataset by default), never from a Sanity project. */
export function useLocalDataset(dir: string = FIXTURE_DATASET): void {
  vi.stubEnv('DATASET_DIR', dir)
  vi.stubEnv('SANITY_PROJECT_ID', '')
  vi.stubEnv('SANITY_DATASET', '')
}

/**
 * Writes a copy of the fixture dataset into a new temporary folder: each document through `change`
 * (by default unchanged), then `add`ed ones; images and files are the fixture's (linked). Returns the
 * folder and what removes it.
 */
export async function fixtureDatasetCopy(
  name: string,
  {change = (document) => document, add = []}: {change?: (document: FixtureDocument) => FixtureDocument; add?: readonly FixtureDocument[]} = {},
): Promise<{dir: string; remove: () => Promise<void>}> {
  const dir = await mkdtemp(path.join(tmpdir(), `${name}-`))
  const documents = (await readFile(path.join(FIXTURE_DATASET, 'data.ndjson'), 'utf8'))
    .trim()
    .split('\n')
    .map((line) => change(JSON.parse(line) as FixtureDocument))
  await writeFile(path.join(dir, 'data.ndjson'), `${[...documents, ...add].map((document) => JSON.stringify(document)).join('\n')}\n`)
  for (const folder of ['images', 'files']) await symlink(path.join(FIXTURE_DATASET, folder), path.join(dir, folder))
  return {dir, remove: () => rm(dir, {recursive: true, force: true})}
}
