/**
 * Stage 1, reading: every markdown file of the content folder through contentlayer2 (run in-process,
 * nothing written to disk), and the site's data files (config, sidebars, JSON, YAML).
 */
import {existsSync} from 'node:fs'
import {readdir, readFile, stat} from 'node:fs/promises'
import path from 'node:path'
import {pathToFileURL} from 'node:url'
import {dynamicBuildMain} from '@contentlayer2/core'
import {parse as parseYaml} from 'yaml'
import {documentTypesFor, MARKDOWN_FOLDERS, makeContentSource} from './contentlayer.config'

export interface SourceFile {
  /** Path relative to the content folder, with `/` separators. */
  path: string
  /** The whole file, front matter included. */
  text: string
  modifiedAt: Date
}

export interface ReadResult {
  files: SourceFile[]
  /** Markdown files contentlayer skipped (it cannot parse their front matter); read directly. */
  skippedByContentlayer: string[]
  /** Files that are not valid UTF-8, with the line of the first bad byte: read with U+FFFD in its place. */
  invalidUtf8: Array<{file: string; line: number}>
  /** Files holding a NUL byte (images, archives and other binary files named .md), with its line: not read. */
  binary: Array<{file: string; line: number}>
  /** Files with nothing but white space in them. */
  empty: string[]
  /** Markdown files of the folders that `keep` left out (the docs' and blog's include and exclude options). */
  leftOut: number
}

const STRICT_UTF8 = new TextDecoder('utf-8', {fatal: true})

/** The line of the first byte that is not UTF-8, or null for a valid file. */
export function invalidUtf8Line(bytes: Uint8Array): number | null {
  try {
    STRICT_UTF8.decode(bytes)
    return null
  } catch {
    const text = new TextDecoder('utf-8').decode(bytes)
    const index = text.indexOf('\uFFFD')
    return text.slice(0, Math.max(0, index)).split('\n').length
  }
}

/** The line of the first NUL byte, which no text file holds, or null. */
export function binaryLine(bytes: Uint8Array): number | null {
  const index = bytes.indexOf(0)
  if (index === -1) return null
  let line = 1
  for (let at = 0; at < index; at++) if (bytes[at] === 0x0a) line++
  return line
}

/** Markdown files Docusaurus does not make pages of: partials (`_name.mdx`, `_folder/`), tests. */
export function isExcludedMarkdown(relative: string): boolean {
  return /(^|\/)_[^/]*(\/|$)/.test(relative) || /(^|\/)__tests__\//.test(relative)
}

interface ContentlayerDocument {
  _raw: {sourceFilePath: string}
  body?: {raw?: string; html?: string}
}

/**
 * `folders` are relative to the site folder; a content folder the config names beside the site
 * (`../docs`) is read too: contentlayer then reads from the folder holding both, and paths stay
 * relative to the site folder (`../docs/intro.md`).
 */
export async function readMarkdownFiles(
  contentDir: string,
  folders: readonly string[] = MARKDOWN_FOLDERS,
  /** Which files are pages: by default, all but partials and tests (isExcludedMarkdown); the docs and blog plugins' own options decide theirs. */
  keep: (file: string) => boolean = (file) => !isExcludedMarkdown(file),
): Promise<ReadResult> {
  const root = path.resolve(contentDir)
  const base = commonFolder([root, ...folders.map((folder) => path.resolve(root, folder))])
  const fromBase = (folder: string) => path.relative(base, path.resolve(root, folder)).split(path.sep).join('/')
  const source = await makeContentSource(
    base,
    folders.map(fromBase),
    documentTypesFor(folders.map((folder) => ({folder, fromBase: fromBase(folder)}))),
  )('import')
  const result = await dynamicBuildMain({
    // The in-process build needs only the source; the hash and path name the config in caches.
    config: {source, esbuildHash: 'import', filePath: path.join(import.meta.dirname, 'contentlayer.config.ts')},
    verbose: false,
    runtimeDeps: {cwd: base as never, contentlayerVersion: '0.5.8'},
  })
  if (result._tag === 'Error') {
    throw new Error(`contentlayer2 could not read ${contentDir}: ${JSON.stringify(result.error)}`)
  }
  const byPath = new Map<string, string>()
  for (const document of result.data.allDocuments as unknown as ContentlayerDocument[]) {
    const relative = path.relative(root, path.join(base, document._raw.sourceFilePath)).split(path.sep).join('/')
    byPath.set(relative, document.body?.html ?? '')
  }
  const listed = await listMarkdownFiles(root, folders)
  const onDisk = listed.filter(keep)
  const files: SourceFile[] = []
  const skippedByContentlayer: string[] = []
  const invalidUtf8: ReadResult['invalidUtf8'] = []
  const binary: ReadResult['binary'] = []
  const empty: string[] = []
  for (const relative of onDisk) {
    const absolute = path.join(root, relative)
    const bytes = await readFile(absolute)
    const nulLine = binaryLine(bytes)
    if (nulLine !== null) {
      binary.push({file: relative, line: nulLine})
      continue
    }
    if (bytes.every((byte) => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d || byte === 0x0c)) empty.push(relative)
    const badLine = invalidUtf8Line(bytes)
    if (badLine !== null) invalidUtf8.push({file: relative, line: badLine})
    let text = byPath.get(relative)
    if (text === undefined) {
      skippedByContentlayer.push(relative)
      text = new TextDecoder('utf-8').decode(bytes)
    }
    files.push({path: relative, text, modifiedAt: (await stat(absolute)).mtime})
  }
  return {files, skippedByContentlayer, invalidUtf8, binary, empty, leftOut: listed.length - onDisk.length}
}

/** The deepest folder holding every one of `folders` (absolute paths). */
function commonFolder(folders: readonly string[]): string {
  let common = folders[0] ?? path.resolve('.')
  for (const folder of folders) {
    while (path.relative(common, folder).startsWith('..')) common = path.dirname(common)
  }
  return common
}

async function listMarkdownFiles(root: string, folders: readonly string[]): Promise<string[]> {
  const found = new Set<string>()
  for (const folder of folders) {
    const absolute = path.join(root, folder)
    if (!existsSync(absolute)) continue
    const entries = await readdir(absolute, {recursive: true})
    for (const entry of entries) {
      const relative = `${folder}/${entry.split(path.sep).join('/')}`
      if (/\.mdx?$/.test(entry)) found.add(relative)
    }
  }
  return [...found].sort()
}

/** Reads a JSON or YAML data file; null when it does not exist. Throws with the file name on bad syntax. */
export async function readDataFile(contentDir: string, relative: string): Promise<unknown> {
  const absolute = path.join(contentDir, relative)
  if (!existsSync(absolute)) return null
  const text = await readFile(absolute, 'utf8')
  try {
    return /\.ya?ml$/.test(relative) ? parseYaml(text) : JSON.parse(text)
  } catch (error) {
    throw new Error(`${relative}: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/** Loads a JS module's default export (docusaurus.config.js, sidebars.js); a function is called. */
export async function loadJsModule(contentDir: string, relative: string): Promise<unknown> {
  const absolute = path.resolve(contentDir, relative)
  if (!existsSync(absolute)) return null
  // The query defeats Node's module cache when the same file is loaded again after a change.
  const url = `${pathToFileURL(absolute).href}?mtime=${(await stat(absolute)).mtimeMs}`
  const loaded = (await import(url)) as {default?: unknown}
  const exported = loaded.default ?? loaded
  return typeof exported === 'function' ? await (exported as () => unknown)() : exported
}

/** Every file under a folder of the content dir (relative paths), for images and data lookups. */
export async function listFiles(contentDir: string, folder: string): Promise<string[]> {
  const absolute = path.join(contentDir, folder)
  if (!existsSync(absolute)) return []
  const entries = await readdir(absolute, {recursive: true, withFileTypes: true})
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(contentDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort()
}
