/**
 * Figures of a static export for the bench: pages per locale and the size of each kind of file,
 * raw and gzipped (what a static host sends), so that builds can be compared over time.
 */
import {readdir, readFile} from 'node:fs/promises'
import {extname, join, relative, sep} from 'node:path'
import {gzipSync} from 'node:zlib'
import {type Locale, type LocaleTable, localeOfPrefix} from '@site/schemas/model'
import {exportPath, isFrameworkFile} from '@site/web/build/export-files'

export const FILE_KINDS = ['html', 'rsc', 'js', 'css', 'images', 'fonts', 'other'] as const
export type FileKind = (typeof FILE_KINDS)[number]

const KIND_BY_EXTENSION: Record<string, FileKind> = {
  '.html': 'html',
  '.js': 'js',
  '.mjs': 'js',
  '.css': 'css',
  '.png': 'images',
  '.jpg': 'images',
  '.jpeg': 'images',
  '.gif': 'images',
  '.svg': 'images',
  '.webp': 'images',
  '.avif': 'images',
  '.ico': 'images',
  '.woff': 'fonts',
  '.woff2': 'fonts',
  '.ttf': 'fonts',
  '.otf': 'fonts',
}

/** A file's kind by its extension (the framework's leftovers are found apart: isFrameworkFile). */
export function fileKindOf(path: string): FileKind {
  return KIND_BY_EXTENSION[extname(path).toLowerCase()] ?? 'other'
}

/** The locale a page of the export belongs to, from its first path segment (`fr/…` → fr). */
export function localeOfPage(relativePath: string, table: LocaleTable): Locale {
  const first = relativePath.split(sep).join('/').split('/', 1)[0]
  return localeOfPrefix(table, first) ?? table.defaultLocale
}

export interface SizeFigures {
  files: number
  raw: number
  gzip: number
}

export interface OutputFigures {
  pages: number
  pagesByLocale: Record<Locale, number>
  byKind: Record<FileKind, SizeFigures>
  total: SizeFigures
}

const empty = (): SizeFigures => ({files: 0, raw: 0, gzip: 0})

export async function measureOutput(dir: string, table: LocaleTable): Promise<OutputFigures> {
  const entries = await readdir(dir, {recursive: true, withFileTypes: true})
  const files = new Set(entries.filter((entry) => entry.isFile()).map((entry) => exportPath(relative(dir, join(entry.parentPath, entry.name)))))
  const byKind = Object.fromEntries(FILE_KINDS.map((kind) => [kind, empty()])) as Record<FileKind, SizeFigures>
  const pagesByLocale: Record<Locale, number> = Object.fromEntries(table.locales.map((entry) => [entry.code, 0]))
  const total = empty()
  let pages = 0
  for (const entry of entries) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name)
    const bytes = await readFile(path)
    // What the build removes and should not be there: counted apart (see web/src/build/export-files.ts).
    const kind = isFrameworkFile(exportPath(relative(dir, path)), files) ? 'rsc' : fileKindOf(path)
    // Level 6 is zlib's default and what common static hosts use on the fly.
    const gzip = gzipSync(bytes, {level: 6}).length
    for (const figures of [byKind[kind], total]) {
      figures.files++
      figures.raw += bytes.length
      figures.gzip += gzip
    }
    if (kind === 'html') {
      pages++
      const locale = localeOfPage(relative(dir, path), table)
      pagesByLocale[locale] = (pagesByLocale[locale] ?? 0) + 1
    }
  }
  return {pages, pagesByLocale, byKind, total}
}
