/**
 * What the soak knows of a release on disk: the bytes of each of its files (to compare a release with
 * a full build, byte for byte) and what the static server answers for a URL from it (to tell whether a
 * reader got one release's bytes, or a mix). The server's own resolution (scripts/src/serve.ts) maps
 * URLs to files, so the two agree.
 */
import {createHash} from 'node:crypto'
import {readdirSync, readFileSync, statSync} from 'node:fs'
import {readdir, readFile} from 'node:fs/promises'
import path from 'node:path'
import {candidateFiles, notFoundCandidates} from '../serve'

export const sha256 = (bytes: Uint8Array | string): string => createHash('sha256').update(bytes).digest('hex')

async function* filesOf(dir: string, prefix = ''): AsyncGenerator<string> {
  for (const entry of await readdir(dir, {withFileTypes: true})) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name
    if (entry.isDirectory()) yield* filesOf(path.join(dir, entry.name), relative)
    else yield relative
  }
}

/** Every file of a release (paths with /) and the SHA-256 of its bytes. */
export async function fingerprints(dir: string): Promise<Map<string, string>> {
  const result = new Map<string, string>()
  for await (const file of filesOf(dir)) result.set(file, sha256(await readFile(path.join(dir, file))))
  return result
}

/** Differences between two releases: files only in one, files whose bytes differ; empty when identical. */
export function releaseDifferences(expected: ReadonlyMap<string, string>, actual: ReadonlyMap<string, string>): string[] {
  const problems: string[] = []
  for (const [file, hash] of expected) {
    const other = actual.get(file)
    if (other === undefined) problems.push(`missing ${file}`)
    else if (other !== hash) problems.push(`differs ${file}`)
  }
  for (const file of actual.keys()) if (!expected.has(file)) problems.push(`extra ${file}`)
  return problems
}

/** What the static server answers for a URL from one release: its status and the SHA-256 of its body. */
export interface ExpectedAnswer {
  status: number
  hash: string
}

function regularFile(file: string): boolean {
  try {
    return statSync(file).isFile()
  } catch {
    return false
  }
}

/**
 * The answer a release gives for a URL path, as scripts/src/serve.ts finds it: the file, else the
 * deepest not-found page with 404; null when the release has neither (read synchronously: the read
 * load calls it the moment it sees a release, before a later publish can prune it).
 */
export function expectedAnswer(releaseDir: string, urlPath: string): ExpectedAnswer | null {
  for (const candidate of candidateFiles(urlPath)) {
    const file = path.join(releaseDir, candidate)
    if (regularFile(file)) return {status: 200, hash: sha256(readFileSync(file))}
  }
  for (const candidate of notFoundCandidates(urlPath)) {
    const file = path.join(releaseDir, candidate)
    if (regularFile(file)) return {status: 404, hash: sha256(readFileSync(file))}
  }
  return null
}

/** Entries of the builds folder that are neither of the `keep` releases nor their manifests: what a killed build left. */
export function leftoverEntries(buildsDir: string, keep: readonly string[]): string[] {
  const kept = new Set(keep.flatMap((id) => [id, `${id}.publish.json`]))
  let names: string[]
  try {
    names = readdirSync(buildsDir)
  } catch {
    return []
  }
  return names.filter((name) => !kept.has(name)).sort()
}
