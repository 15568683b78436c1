/**
 * Runs after `next build`: writes the embedded search index of each locale into the export
 * (out/_search/<locale>.json), built by @site/schemas' record builder from the same content source
 * as the pages. The browser fetches a locale's file only when search opens.
 */
import {mkdir, writeFile} from 'node:fs/promises'
import path from 'node:path'
import {gzipSync} from 'node:zlib'
import {DEFAULT_LOCALE, LOCALES, type Locale} from '@site/schemas/model'
import {searchDocumentsQuery} from '@site/schemas/queries'
import {buildSearchRecords, type SearchRecord} from '@site/schemas/search'
import {fetchContent} from '../content/source'
import {encodeSearchIndex, searchIndexUrl} from '../search/index-format'
import {loadSiteContext} from '../site/context'

/** The records of one locale, with the lvl0 labels in the locale. */
export async function localeSearchRecords(locale: Locale): Promise<SearchRecord[]> {
  const [source, context] = await Promise.all([fetchContent(searchDocumentsQuery, {locale, defaultLocale: DEFAULT_LOCALE}), loadSiteContext(locale)])
  return buildSearchRecords(source, {locale, labels: {blog: context.t('blog.title'), changelog: context.t('changelog.title'), page: context.siteTitle}})
}

export interface WrittenIndex {
  locale: Locale
  file: string
  records: number
  bytes: number
  gzipBytes: number
}

export async function writeSearchIndexes(outDir: string): Promise<WrittenIndex[]> {
  const written: WrittenIndex[] = []
  for (const locale of LOCALES) {
    const records = await localeSearchRecords(locale)
    const json = JSON.stringify(encodeSearchIndex(locale, records))
    const file = path.join(outDir, ...searchIndexUrl(locale).split('/').filter(Boolean))
    await mkdir(path.dirname(file), {recursive: true})
    await writeFile(file, json)
    written.push({locale, file: path.relative(outDir, file), records: records.length, bytes: Buffer.byteLength(json), gzipBytes: gzipSync(json).length})
  }
  return written
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const outDir = path.resolve(import.meta.dirname, '../../out')
  writeSearchIndexes(outDir)
    .then((written) => {
      for (const entry of written) console.log(`Search index ${entry.file}: ${entry.records} records, ${(entry.bytes / 1024).toFixed(1)} KB (${(entry.gzipBytes / 1024).toFixed(1)} KB gzipped)`)
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error)
      process.exit(1)
    })
}
