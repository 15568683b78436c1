/**
 * Whether an image of a built page loads: a remote http(s) or data: address is taken as loading
 * (nothing is fetched); a site path must name a file of the build, found as the static server finds
 * it (scripts/src/serve.ts).
 */
import {candidateFiles, ForbiddenPathError} from '../serve'

export type ImageTarget =
  {kind: 'remote'; url: string} | {kind: 'data'} | {kind: 'local'; urlPath: string; file: string | null; reason?: string} | {kind: 'broken'; reason: string}

const PLACEHOLDER_ORIGIN = 'http://site.invalid'

/**
 * Resolves an `<img src>` written in the page at `pageUrlPath` against the set of files of the
 * build (relative paths with forward slashes).
 */
export function resolveImage(src: string, pageUrlPath: string, files: ReadonlySet<string>): ImageTarget {
  const value = src.trim()
  if (value === '') return {kind: 'broken', reason: 'empty src'}
  if (/^data:/i.test(value)) return {kind: 'data'}
  if (/^https?:\/\//i.test(value) || value.startsWith('//')) return {kind: 'remote', url: value}
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return {kind: 'broken', reason: `unsupported address scheme in ${value}`}
  let url: URL
  try {
    url = new URL(value, new URL(pageUrlPath, PLACEHOLDER_ORIGIN))
  } catch {
    return {kind: 'broken', reason: 'not a valid URL'}
  }
  let candidates: string[]
  try {
    candidates = candidateFiles(url.pathname)
  } catch (error) {
    if (error instanceof ForbiddenPathError) return {kind: 'local', urlPath: url.pathname, file: null, reason: error.message}
    throw error
  }
  const file = candidates.find((candidate) => files.has(candidate)) ?? null
  return file ? {kind: 'local', urlPath: url.pathname, file} : {kind: 'local', urlPath: url.pathname, file: null, reason: 'no such file in the build'}
}

/** True when the image is shown: remote, inline data, or a file of the build. */
export function imageLoads(target: ImageTarget): boolean {
  return target.kind === 'remote' || target.kind === 'data' || (target.kind === 'local' && target.file !== null)
}
