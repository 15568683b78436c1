/**
 * Runs after `next build`: writes the embedded search index of each locale into the export, one file
 * per shard (out/_search/<locale>/<shard>.json, see ../search/index-format), from the records that
 * @site/content-source/search-records loads (the Typesense index job's too) through the pages' content source. The browser fetches a shard only when
 * search opens and the page's contextual filter needs it.
 */
import {mkdir, rm} from 'node:fs/promises'
import path from 'node:path'
import {gzipSync} from 'node:zlib'
import type {Locale} from '@site/schemas/model'
import type {SearchRecord, SynonymItem} from '@site/schemas/search'
import {loadLocaleRecords, loadLocaleSynonyms} from '@site/content-source/search-records'
import {answerFromDatasetExport, fetchContent} from '@site/content-source/source'
import type {ContentTransport} from '@site/content-source/transports'
import {encodeSearchIndex, searchManifestUrl, searchShardUrl, shardOf} from '../search/index-format'
import {loadSiteContext} from '../site/context'
import {loadRoutingTable} from '../site/routing-table-loader'
import {exportDir} from './out-dir'
import {writeOrShare} from './files'

export interface LocaleRecords {
  records: SearchRecord[]
  /** The docs version paths, and the latest one (v4), which pages outside the docs search in. */
  docs: {latest: string; versions: string[]}
  /** The editors' synonyms of the locale (searchSynonyms), applied by the local index. */
  synonyms: SynonymItem[]
}

/** The build's content source as the record loaders take it: memoized, and its reads recorded for the publish. */
const buildContent: ContentTransport = {name: 'the build’s content source', fetch: fetchContent}

/** The records of one locale, with the lvl0 labels in the locale. */
export async function localeSearchRecords(locale: Locale): Promise<LocaleRecords> {
  const table = (await loadRoutingTable()).locales
  const [records, context, synonyms] = await Promise.all([
    loadLocaleRecords(buildContent, locale, table),
    loadSiteContext(locale),
    loadLocaleSynonyms(buildContent, locale),
  ])
  return {records, docs: {latest: context.latest.path, versions: context.versions.map((version) => version.path)}, synonyms}
}

/** The file of a site path, relative to the export. */
function relativeFile(sitePath: string): string {
  return path.join(...sitePath.split('/').filter(Boolean))
}

export interface WrittenShard {
  locale: Locale
  shard: string
  file: string
  records: number
  bytes: number
  gzipBytes: number
}

/**
 * Every locale's search manifest and shards in the export; with `since` (the release an incremental
 * publish starts from), a file whose bytes did not change is that release's file, linked.
 */
export async function writeSearchIndexes(outDir: string, {since}: {since?: string} = {}): Promise<WrittenShard[]> {
  const written: WrittenShard[] = []
  // Files of an earlier build (another format, a version that no longer exists) must not linger.
  await rm(path.join(outDir, '_search'), {recursive: true, force: true})
  for (const {code: locale} of (await loadRoutingTable()).locales.locales) {
    const {records, docs, synonyms} = await localeSearchRecords(locale)
    await mkdir(path.join(outDir, '_search', locale), {recursive: true})
    const {manifest, shards} = encodeSearchIndex(locale, records, docs, synonyms)
    await writeOrShare(outDir, relativeFile(searchManifestUrl(locale)), JSON.stringify(manifest), since)
    // Counted in one pass: a filter per shard would read every record once per docs version.
    const counts = new Map<string, number>()
    for (const record of records) counts.set(shardOf(record), (counts.get(shardOf(record)) ?? 0) + 1)
    for (const shard of shards) {
      const json = JSON.stringify(shard)
      const file = relativeFile(searchShardUrl(locale, shard.shard))
      await writeOrShare(outDir, file, json, since)
      // Compressed once here, for servers that send a file's .gz copy (nginx's gzip_static, deploy/nginx.conf)
      // instead of compressing the largest files of the site on every request.
      const gzipped = gzipSync(json, {level: 9})
      await writeOrShare(outDir, `${file}.gz`, gzipped, since)
      const count = counts.get(shard.shard) ?? 0
      written.push({
        locale,
        shard: shard.shard,
        file,
        records: count,
        bytes: Buffer.byteLength(json),
        gzipBytes: gzipped.length,
      })
    }
  }
  return written
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const outDir = exportDir()
  // With a Sanity project, the records are read from one export of the dataset, as a publish reads them.
  answerFromDatasetExport()
    .then(() => writeSearchIndexes(outDir))
    .then((written) => {
      for (const entry of written)
        console.log(
          `Search index ${entry.file}: ${entry.records} records, ${(entry.bytes / 1024).toFixed(1)} KB (${(entry.gzipBytes / 1024).toFixed(1)} KB gzipped)`,
        )
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error)
      process.exit(1)
    })
}
