/**
 * Reads what the search records are built from, for the index job and the bench: the local
 * dataset through groq-js (default) or a Sanity project when SANITY_PROJECT_ID/SANITY_DATASET are set.
 */
import path from 'node:path'
import {createClient} from '@sanity/client'
import {evaluate, parse} from 'groq-js'
import {readDatasetDocuments} from '@site/schemas/dataset'
import {type Locale, type LocaleTable, localePathPrefix, localeTableFrom, SANITY_API_VERSION} from '@site/schemas/model'
import {localeTableQuery, searchDocumentsQuery, searchSynonymsQuery, siteSettingsQuery, uiStringsQuery} from '@site/schemas/queries'
import {buildSearchRecords, synonymItems, type SearchRecord, type SynonymItem, type SynonymsDocument} from '@site/schemas/search'
import type {LocaleTableQueryResult, SearchDocumentsQueryResult, SiteSettingsQueryResult, UiStringsQueryResult} from '@site/schemas/types'

type Params = Record<string, string>

export interface SearchContentSource {
  describe: string
  fetch<T>(query: string, params: Params): Promise<T>
}

/** groq-js over data.ndjson; a bad line names the file and the line. */
export async function localContentSource(datasetDir: string): Promise<SearchContentSource> {
  const {documents} = await readDatasetDocuments(datasetDir)
  return {
    describe: `local dataset ${datasetDir}`,
    async fetch<T>(query: string, params: Params): Promise<T> {
      const value = await evaluate(parse(query, {params}), {dataset: documents, params})
      return (await value.get()) as T
    },
  }
}

export function sanityContentSource(config: {projectId: string; dataset: string; apiVersion: string; token?: string | undefined; apiHost?: string | undefined}): SearchContentSource {
  const {apiHost, ...rest} = config
  // SANITY_API_HOST (a stand-in, a regional host) as the web build reads it: the project is then not part of the host name.
  const client = createClient({...rest, ...(apiHost ? {apiHost, useProjectHostname: false} : {}), useCdn: false, perspective: 'published'})
  return {
    describe: `Sanity project ${config.projectId}/${config.dataset}`,
    fetch: <T>(query: string, params: Params) => client.fetch<T>(query, params),
  }
}

/** The source named by the environment, the same rule as the web build's. */
export async function contentSourceFromEnv(env: Record<string, string | undefined>, repoRoot: string): Promise<SearchContentSource> {
  const projectId = env.SANITY_PROJECT_ID?.trim()
  const dataset = env.SANITY_DATASET?.trim()
  if (projectId || dataset) {
    if (!projectId || !dataset) throw new Error('Set both SANITY_PROJECT_ID and SANITY_DATASET to index a Sanity project, or neither to index the local dataset')
    return sanityContentSource({projectId, dataset, apiVersion: env.SANITY_API_VERSION?.trim() || SANITY_API_VERSION, token: env.SANITY_API_READ_TOKEN, apiHost: env.SANITY_API_HOST?.trim() || undefined})
  }
  const dir = env.DATASET_DIR?.trim() ? path.resolve(env.DATASET_DIR) : path.join(repoRoot, '.generated', 'dataset')
  return localContentSource(dir)
}

/** The site's locales, from its settings. */
export async function loadLocaleTable(source: SearchContentSource): Promise<LocaleTable> {
  const stored = await source.fetch<LocaleTableQueryResult>(localeTableQuery, {})
  if (!stored) throw new Error(`${source.describe}: no siteSettings document: import the content first`)
  return localeTableFrom(stored)
}

/** The records of one locale, with lvl0 labels from the locale's interface messages. */
export async function loadLocaleRecords(source: SearchContentSource, locale: Locale, table?: LocaleTable): Promise<SearchRecord[]> {
  const locales = table ?? (await loadLocaleTable(source))
  const {defaultLocale} = locales
  const [result, strings, settings] = await Promise.all([
    source.fetch<SearchDocumentsQueryResult>(searchDocumentsQuery, {locale, defaultLocale}),
    source.fetch<UiStringsQueryResult>(uiStringsQuery, {locale, defaultLocale}),
    source.fetch<SiteSettingsQueryResult>(siteSettingsQuery, {}),
  ])
  const message = (key: string, fallback: string) => {
    const pick = (language: string) => strings.find((entry) => entry.language === language)?.messages?.find((entry) => entry.key === key)?.value
    return pick(locale) || pick(defaultLocale) || fallback
  }
  return buildSearchRecords(result, {
    locale,
    urlPrefix: localePathPrefix(locales, locale),
    labels: {blog: message('blog.title', 'Blog'), changelog: message('changelog.title', 'Changelog'), page: settings?.title || ''},
  })
}

export async function loadAllRecords(source: SearchContentSource): Promise<Map<Locale, SearchRecord[]>> {
  const table = await loadLocaleTable(source)
  const entries = await Promise.all(table.locales.map(async ({code}) => [code, await loadLocaleRecords(source, code, table)] as const))
  return new Map(entries)
}

/** The editors' synonyms of a locale (none when it has no searchSynonyms document). */
export async function loadLocaleSynonyms(source: SearchContentSource, locale: Locale): Promise<SynonymItem[]> {
  const document = await source.fetch<SynonymsDocument | null>(searchSynonymsQuery, {locale})
  return document ? synonymItems(document) : []
}

export async function loadAllSynonyms(source: SearchContentSource): Promise<Map<Locale, SynonymItem[]>> {
  const table = await loadLocaleTable(source)
  const entries = await Promise.all(table.locales.map(async ({code}) => [code, await loadLocaleSynonyms(source, code)] as const))
  return new Map(entries)
}
