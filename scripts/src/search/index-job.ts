/**
 * The Typesense index job (`npm run search:index [-- --incremental]`): builds the search records
 * of every locale with the site's record builder, then either fills a new collection and swaps
 * the alias to it (readers never see a half-built index; a failed run leaves the alias alone), or,
 * with --incremental, upserts and deletes only what changed since the state file's last run; when
 * that fails part-way, a full run into a new collection replaces the part-updated one. No run leaves
 * a collection behind: a failed one deletes its own, and each run deletes the leftovers of earlier
 * ones it could not delete (a failed delete, a killed run: the state file names the collection a run
 * was building before it creates it). The state file is replaced whole (written aside, flushed,
 * renamed), so a run killed while writing it leaves the previous one. Runs must not overlap (docker
 * compose holds index.lock around them). It keeps a search-only key scoped to the alias for the browser;
 * the admin key stays here.
 */
import {createHash} from 'node:crypto'
import {mkdir, open, readFile, rename, rm} from 'node:fs/promises'
import path from 'node:path'
import type {Locale} from '@site/schemas/model'
import {
  flattenRecord,
  languageRules,
  languageTag,
  SEARCH_LEVELS,
  searchFieldName,
  typesenseStopwordsName,
  typesenseSynonymSetName,
  type FlatSearchRecord,
  type SearchRecord,
  type SynonymItem,
} from '@site/schemas/search'
import {contentTransportFromEnv, loadAllRecords, loadAllSynonyms} from '@site/content-source'
import {createTypesenseApi, TypesenseError, type CollectionField, type TypesenseApi} from './typesense-api'

/** The DocSearch fields, for display and filtering; the text is searched in the language fields below. */
export const COLLECTION_FIELDS: CollectionField[] = [
  {name: 'hierarchy.lvl0', type: 'string', facet: true},
  {name: 'hierarchy.lvl1', type: 'string', index: false, optional: true},
  {name: 'hierarchy.lvl2', type: 'string', index: false, optional: true},
  {name: 'hierarchy.lvl3', type: 'string', index: false, optional: true},
  {name: 'content', type: 'string', index: false, optional: true},
  // A facet, for group_by: one hit per address.
  {name: 'url', type: 'string', facet: true},
  {name: 'url_without_anchor', type: 'string'},
  {name: 'anchor', type: 'string', optional: true},
  {name: 'type', type: 'string', facet: true},
  {name: 'language', type: 'string', facet: true},
  {name: 'version', type: 'string', facet: true, optional: true},
  {name: 'tags', type: 'string[]', facet: true},
  {name: 'item_priority', type: 'int64', sort: true},
]

/** `socket.join` is searched as socket + join, `aide-mémoire` as aide + mémoire, as the local index does. */
export const TOKEN_SEPARATORS = ['.', '-', '_', '/']

/** The collection's fields: the DocSearch ones, then each level's text in each language (Typesense's locale and Snowball stemmer per field). */
export function collectionFields(locales: Iterable<string>): CollectionField[] {
  const tags = [...new Set([...locales].map(languageTag))]
  return [
    ...COLLECTION_FIELDS,
    ...tags.flatMap((tag) =>
      SEARCH_LEVELS.map((level): CollectionField => ({
        name: searchFieldName(level, tag),
        type: 'string',
        optional: true,
        locale: tag,
        ...(languageRules(tag).stemmer ? {stem: true} : {}),
      })),
    ),
  ]
}

/** A record as Typesense stores it: the DocSearch fields, and its text again in its language's fields. */
export function typesenseDocument(record: SearchRecord): FlatSearchRecord & Record<string, string | string[] | number> {
  const flat = flattenRecord(record)
  const tag = languageTag(record.language)
  const text: Record<(typeof SEARCH_LEVELS)[number], string | null> = {
    lvl1: record.hierarchy.lvl1,
    lvl2: record.hierarchy.lvl2,
    lvl3: record.hierarchy.lvl3,
    content: record.content,
  }
  const localized = Object.fromEntries(SEARCH_LEVELS.flatMap((level) => (text[level] ? [[searchFieldName(level, tag), text[level]]] : [])))
  return {...flat, ...localized}
}
export const SEARCH_KEY_DESCRIPTION = 'Search-only key for the site (created by scripts/src/search/index-job.ts)'

export interface IndexState {
  alias: string
  collection: string
  /** Record id → hash of its content, as last written. */
  hashes: Record<string, string>
  searchKey?: {id: number; value: string}
  /** Set while an incremental run writes into the live collection: if it is still there, that run did not finish. */
  incrementalStartedAt?: string
  /** Set while a full run fills a new collection: if it is still there, that run did not finish, and the collection is a leftover. */
  building?: string
}

/** Collections of the alias older than this and not behind it are leftovers; younger ones may be another run's. */
export const LEFTOVER_MIN_AGE_MS = 15 * 60_000

export interface IndexJobOptions {
  api: TypesenseApi
  alias: string
  records: ReadonlyMap<Locale, readonly SearchRecord[]>
  /** The editors' synonyms per locale (searchSynonyms), sent as one synonym set per locale. */
  synonyms?: ReadonlyMap<Locale, readonly SynonymItem[]>
  incremental: boolean
  statePath: string
  batchSize?: number
  /** The value the search-only key must have (NEXT_PUBLIC_TYPESENSE_SEARCH_KEY), when the site is built with it in advance. */
  searchKeyValue?: string
  log?: (line: string) => void
  now?: () => number
  /** Pause between attempts at deleting a collection (three attempts). */
  retryDelayMs?: number
}

export interface IndexJobResult {
  mode: 'full' | 'incremental'
  collection: string
  upserted: number
  deleted: number
  searchKey: string | null
  /** Why an incremental run became a full one after failing part-way. */
  fallbackFrom?: string
  /** Leftover collections of earlier runs deleted by this one. */
  removedLeftovers: string[]
}

function hashRecord(record: FlatSearchRecord): string {
  return createHash('sha1').update(JSON.stringify(record)).digest('base64url').slice(0, 16)
}

async function readState(file: string): Promise<IndexState | null> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch {
    return null
  }
  try {
    const parsed = JSON.parse(text) as IndexState
    if (typeof parsed.alias !== 'string' || typeof parsed.collection !== 'string' || typeof parsed.hashes !== 'object')
      throw new Error('missing alias, collection or hashes')
    return parsed
  } catch (error) {
    throw new Error(`${file}: not an index state file (${error instanceof Error ? error.message : String(error)}); delete it to run a full index`)
  }
}

/** Replaces the state file whole: written beside it, flushed, renamed over it (a run killed on the way leaves the old one). */
async function writeState(file: string, state: IndexState): Promise<void> {
  await mkdir(path.dirname(file), {recursive: true})
  const temporary = `${file}.tmp`
  const handle = await open(temporary, 'w')
  try {
    await handle.writeFile(`${JSON.stringify(state)}\n`)
    await handle.sync()
  } finally {
    await handle.close()
  }
  await rename(temporary, file)
}

async function importBatches(
  api: TypesenseApi,
  collection: string,
  documents: readonly FlatSearchRecord[],
  action: 'create' | 'upsert',
  batchSize: number,
  log: (line: string) => void,
): Promise<void> {
  for (let start = 0; start < documents.length; start += batchSize) {
    const batch = documents.slice(start, start + batchSize)
    const lines = await api.importDocuments(collection, batch, action)
    const failed = lines.findIndex((line) => !line.success)
    if (failed !== -1) {
      const document = batch[failed]
      throw new TypesenseError(
        `Typesense rejected document ${document?.id ?? `#${start + failed}`} (${document?.url ?? 'unknown url'}): ${lines[failed]?.error ?? 'no reason given'} (line ${failed + 1} of ${batch.length} in the import into ${collection})`,
      )
    }
    if (lines.length !== batch.length) throw new TypesenseError(`Typesense answered ${lines.length} import results for a batch of ${batch.length} documents`)
    log(`  ${action === 'create' ? 'imported' : 'upserted'} ${Math.min(start + batchSize, documents.length)}/${documents.length}`)
  }
}

/** Keeps one search-only key scoped to the alias; its value is only shown at creation, so the state file keeps it. */
async function ensureSearchKey(
  api: TypesenseApi,
  alias: string,
  previous: IndexState | null,
  log: (line: string) => void,
  wanted?: string,
): Promise<{id: number; value: string}> {
  const keys = (await api.listKeys()).keys
  const known = previous?.searchKey
  if (known && keys.some((key) => key.id === known.id) && (!wanted || wanted === known.value)) return known
  // A key made by an earlier run whose value was lost cannot be shown again: replace it.
  for (const key of keys) if (key.description === SEARCH_KEY_DESCRIPTION && key.collections.includes(alias)) await api.deleteKey(key.id)
  // Typesense accepts a chosen value: docker compose gives the same one to the site build beforehand.
  const created = await api.createKey({
    description: SEARCH_KEY_DESCRIPTION,
    actions: ['documents:search'],
    collections: [alias],
    ...(wanted ? {value: wanted} : {}),
  })
  if (!created.value)
    throw new TypesenseError(
      `Typesense created the search-only key ${created.id} without showing its value: delete it (DELETE /keys/${created.id}) and run again`,
    )
  log(`Created a search-only key scoped to "${alias}" (id ${created.id})`)
  return {id: created.id, value: created.value}
}

/**
 * The language settings both backends share (schemas/src/search): per locale, the editors' synonyms
 * as a synonym set and the language's stop words as a stop words set, named after the alias (the
 * browser names them the same way, web/src/search/search-client.ts). Returns the synonym sets,
 * which the collection lists. Sets are replaced on every run, so an editor's change reaches readers.
 */
async function sendLanguageSettings(
  api: TypesenseApi,
  alias: string,
  locales: readonly string[],
  synonyms: ReadonlyMap<string, readonly SynonymItem[]>,
  log: (line: string) => void,
): Promise<string[]> {
  const names: string[] = []
  for (const locale of locales) {
    const tag = languageTag(locale)
    const items = synonyms.get(locale) ?? []
    const name = typesenseSynonymSetName(alias, locale)
    await api.putSynonymSet(
      name,
      items.map((item) => ({id: item.id, synonyms: item.synonyms, ...(item.root ? {root: item.root} : {}), locale: tag})),
    )
    names.push(name)
    const stopWords = [...languageRules(locale).stopWords]
    await api.putStopwords(typesenseStopwordsName(alias, locale), {stopwords: stopWords, locale: tag})
    log(`  ${locale}: synonym set ${name} (${items.length} entries), ${stopWords.length} stop words`)
  }
  return names
}

/** Checks through multi_search that each locale has its records before readers are sent to them. */
async function verifyCounts(api: TypesenseApi, collection: string, locales: readonly string[], documents: readonly FlatSearchRecord[]): Promise<void> {
  const expected = locales.map((locale) => ({locale, count: documents.filter((document) => document.language === locale).length}))
  const {results} = await api.multiSearch(
    expected.map(({locale}) => ({collection, q: '*', query_by: searchFieldName('lvl1', languageTag(locale)), filter_by: `language:=${locale}`, per_page: 0})),
  )
  for (const [index, {locale, count}] of expected.entries()) {
    const result = results[index]
    if (result?.error) throw new TypesenseError(`Checking ${collection} for ${locale} failed: ${result.error}`)
    if (result?.found !== count)
      throw new TypesenseError(`${collection} holds ${result?.found ?? 'no'} ${locale} documents after the import, ${count} were sent`)
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** Deletes a collection, trying three times: a collection left behind is kept until a later run deletes it. */
async function deleteCollectionWithRetries(api: TypesenseApi, name: string, delayMs: number): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await api.deleteCollection(name)
      return
    } catch (error) {
      if (error instanceof TypesenseError && error.status === 404) return
      if (attempt >= 3) throw error
      await new Promise((resolve) => setTimeout(resolve, delayMs * attempt))
    }
  }
}

/**
 * Deletes the alias's collections (`<alias>-<time>`) that the alias does not point at and that are
 * leftovers of earlier runs: those the state file names (the collection a killed run was building,
 * the one a run killed after its alias swap replaced), and any other old enough not to be another
 * run's work in progress (what failed deletes left).
 */
async function removeLeftoverCollections(
  api: TypesenseApi,
  alias: string,
  live: string | null,
  now: number,
  log: (line: string) => void,
  named: ReadonlySet<string> = new Set(),
): Promise<string[]> {
  const pattern = new RegExp(`^${alias.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-(\\d+)$`)
  const removed: string[] = []
  for (const {name} of await api.listCollections()) {
    const created = Number(pattern.exec(name)?.[1])
    if (name === live || !Number.isFinite(created) || (!named.has(name) && now - created < LEFTOVER_MIN_AGE_MS)) continue
    try {
      await api.deleteCollection(name)
      removed.push(name)
      log(`Deleted ${name}, left behind by an earlier run`)
    } catch (error) {
      log(`Could not delete ${name}, left behind by an earlier run (${messageOf(error)}); the next run tries again`)
    }
  }
  return removed
}

interface RunContext {
  api: TypesenseApi
  alias: string
  documents: FlatSearchRecord[]
  hashes: Record<string, string>
  previous: IndexState | null
  options: IndexJobOptions
  log: (line: string) => void
  batchSize: number
  /** The synonym sets the collection lists (sent before the run). */
  synonymSets: string[]
}

/** Upserts and deletes what changed, in the live collection; the state says so until it is done. */
async function incrementalRun(context: RunContext, live: string, previous: IndexState): Promise<Omit<IndexJobResult, 'removedLeftovers'>> {
  const {api, alias, documents, hashes, options, log, batchSize} = context
  const changed = documents.filter((document) => previous.hashes[document.id] !== hashes[document.id])
  const removed = Object.keys(previous.hashes).filter((id) => !(id in hashes))
  log(`Incremental run on ${live}: ${changed.length} to upsert, ${removed.length} to delete`)
  if (changed.length + removed.length > 0)
    await writeState(options.statePath, {...previous, incrementalStartedAt: new Date((options.now ?? Date.now)()).toISOString()})
  await importBatches(api, live, changed, 'upsert', batchSize, log)
  for (let start = 0; start < removed.length; start += batchSize) await api.deleteDocuments(live, removed.slice(start, start + batchSize))
  const searchKey = await ensureSearchKey(api, alias, previous, log, options.searchKeyValue)
  await writeState(options.statePath, {alias, collection: live, hashes, searchKey})
  return {mode: 'incremental', collection: live, upserted: changed.length, deleted: removed.length, searchKey: searchKey.value}
}

/** Fills a new collection, checks it, points the alias at it and deletes the one it replaces. */
async function fullRun(context: RunContext, live: string | null): Promise<Omit<IndexJobResult, 'removedLeftovers'>> {
  const {api, alias, documents, hashes, previous, options, log, batchSize} = context
  const retryDelayMs = options.retryDelayMs ?? 500
  const collection = `${alias}-${(options.now ?? Date.now)()}`
  // Named before it exists: a run killed from here on leaves a collection the next run knows to delete.
  // The rest of the state stays what it was when it describes the collection served, else it asks for a full run.
  // (Read again: a failed incremental run before this one has marked it.)
  const before = await readState(options.statePath)
  const base: IndexState =
    before && before.alias === alias && before.collection === live
      ? before
      : {alias, collection: '', hashes: {}, ...(before?.searchKey ? {searchKey: before.searchKey} : {})}
  await writeState(options.statePath, {...base, building: collection})
  try {
    log(`Creating collection ${collection}`)
    await api.createCollection({
      name: collection,
      fields: collectionFields(options.records.keys()),
      default_sorting_field: 'item_priority',
      token_separators: TOKEN_SEPARATORS,
      synonym_sets: context.synonymSets,
    })
    await importBatches(api, collection, documents, 'create', batchSize, log)
    await verifyCounts(api, collection, [...options.records.keys()], documents)
    await api.setAlias(alias, collection)
  } catch (error) {
    // Readers stay on the old collection; the new one is removed so that runs do not pile up.
    log(`Run failed: alias "${alias}" left ${live ? `on ${live}` : 'unset'}; deleting ${collection}`)
    const deleted = await deleteCollectionWithRetries(api, collection, retryDelayMs).then(
      () => true,
      (deleteError: unknown) => {
        log(`Could not delete ${collection} (${messageOf(deleteError)}); a later run deletes it`)
        return false
      },
    )
    // Nothing of this run is left: the state is what it was (it keeps naming the collection otherwise).
    if (deleted) await (before ? writeState(options.statePath, before) : rm(options.statePath, {force: true}))
    throw error
  }
  log(`Alias "${alias}" now points at ${collection}`)
  let leftBehind: string | undefined
  if (live && live !== collection) {
    try {
      await deleteCollectionWithRetries(api, live, retryDelayMs)
      log(`Deleted the previous collection ${live}`)
    } catch (error) {
      leftBehind = messageOf(error)
    }
  }
  const searchKey = await ensureSearchKey(api, alias, previous, log, options.searchKeyValue)
  await writeState(options.statePath, {alias, collection, hashes, searchKey})
  if (leftBehind)
    throw new TypesenseError(`Readers now search ${collection}, but deleting the previous collection ${live} failed (${leftBehind}); a later run deletes it`)
  return {mode: 'full', collection, upserted: documents.length, deleted: 0, searchKey: searchKey.value}
}

export async function runIndexJob(options: IndexJobOptions): Promise<IndexJobResult> {
  const {api, alias} = options
  const log = options.log ?? ((line: string) => console.log(line))
  const batchSize = options.batchSize ?? 250
  const documents = [...options.records.values()].flat().map(typesenseDocument)
  const hashes = Object.fromEntries(documents.map((document) => [document.id, hashRecord(document)]))
  const duplicate = documents.find((document, index) => documents.findIndex((other) => other.id === document.id) !== index)
  if (duplicate) throw new Error(`Two search records have the id ${duplicate.id} (${duplicate.url})`)

  await api.health()
  const previous = await readState(options.statePath)
  const current = await api.getAlias(alias)
  log(
    `Typesense: alias "${alias}" ${current ? `points at ${current}` : 'does not exist yet'}; ${documents.length} records (${[...options.records].map(([locale, records]) => `${locale} ${records.length}`).join(', ')})`,
  )
  // Runs do not overlap: a collection the state names and the alias does not serve is an earlier run's leftover.
  const named = new Set([previous?.building, previous?.collection].filter((name): name is string => !!name && previous?.alias === alias))
  const removedLeftovers = await removeLeftoverCollections(api, alias, current, (options.now ?? Date.now)(), log, named)
  const setNames = await sendLanguageSettings(api, alias, [...options.records.keys()], options.synonyms ?? new Map(), log)
  const context: RunContext = {api, alias, documents, hashes, previous, options, log, batchSize, synonymSets: setNames}

  if (options.incremental && current && previous && previous.alias === alias && previous.collection === current) {
    if (previous.incrementalStartedAt) {
      log(
        `The incremental run of ${previous.incrementalStartedAt} on ${current} did not finish: running a full index to replace what it may have left half-updated`,
      )
    } else {
      try {
        return {...(await incrementalRun(context, current, previous)), removedLeftovers}
      } catch (error) {
        const reason = messageOf(error)
        log(`Incremental run failed (${reason}): running a full index into a new collection to replace the part-updated ${current}`)
        try {
          return {...(await fullRun(context, current)), fallbackFrom: reason, removedLeftovers}
        } catch (fullError) {
          throw new TypesenseError(
            `The incremental run failed (${reason}), and so did the full run meant to replace it (${messageOf(fullError)}); ${current} may be part-updated until a run succeeds (the next one is a full run)`,
          )
        }
      }
    }
  } else if (options.incremental) {
    log('Incremental run impossible (no alias or no state of it from an earlier run): running a full index')
  }
  return {...(await fullRun(context, current)), removedLeftovers}
}

export interface JobEnv {
  url: string
  adminKey: string
  alias: string
  statePath: string
  searchKeyValue?: string
}

/** Reads TYPESENSE_* settings; a missing admin key is an error naming the variable. */
export function readJobEnv(env: Record<string, string | undefined>, repoRoot: string): JobEnv {
  const adminKey = env.TYPESENSE_ADMIN_API_KEY?.trim()
  if (!adminKey) throw new Error('TYPESENSE_ADMIN_API_KEY is not set: the index job needs the admin key of the Typesense server (see .env.example)')
  const searchKeyValue = env.NEXT_PUBLIC_TYPESENSE_SEARCH_KEY?.trim()
  if (searchKeyValue && searchKeyValue === adminKey)
    throw new Error('NEXT_PUBLIC_TYPESENSE_SEARCH_KEY equals TYPESENSE_ADMIN_API_KEY: the browser must get a search-only key, never the admin key')
  const protocol = env.TYPESENSE_PROTOCOL?.trim() || 'http'
  if (protocol !== 'http' && protocol !== 'https') throw new Error(`TYPESENSE_PROTOCOL must be http or https, got "${protocol}"`)
  const port = env.TYPESENSE_PORT?.trim() || '8108'
  if (!/^\d+$/.test(port)) throw new Error(`TYPESENSE_PORT must be a port number, got "${port}"`)
  return {
    url: `${protocol}://${env.TYPESENSE_HOST?.trim() || 'localhost'}:${port}`,
    adminKey,
    alias: env.TYPESENSE_COLLECTION?.trim() || 'socketio-docs',
    statePath: path.resolve(repoRoot, env.SEARCH_INDEX_STATE?.trim() || '.generated/search-index-state.json'),
    ...(searchKeyValue ? {searchKeyValue} : {}),
  }
}

async function main(argv: string[]) {
  const unknown = argv.filter((arg) => arg !== '--incremental')
  if (unknown.length > 0) throw new Error(`Unknown argument ${unknown[0]}; usage: npm run search:index [-- --incremental]`)
  const repoRoot = path.resolve(import.meta.dirname, '../../..')
  const env = readJobEnv(process.env, repoRoot)
  const started = performance.now()
  const source = await contentTransportFromEnv(process.env)
  console.log(`Building search records from ${source.name}`)
  const records = await loadAllRecords(source)
  const synonyms = await loadAllSynonyms(source)
  const result = await runIndexJob({
    api: createTypesenseApi({url: env.url, adminKey: env.adminKey}),
    alias: env.alias,
    records,
    synonyms,
    incremental: argv.includes('--incremental'),
    statePath: env.statePath,
    ...(env.searchKeyValue ? {searchKeyValue: env.searchKeyValue} : {}),
  })
  console.log(
    `Done in ${((performance.now() - started) / 1000).toFixed(1)} s: ${result.mode} run on ${result.collection}${result.fallbackFrom ? ' (after the incremental run failed)' : ''}, ${result.upserted} written, ${result.deleted} deleted${result.removedLeftovers.length > 0 ? `; leftovers deleted: ${result.removedLeftovers.join(', ')}` : ''}`,
  )
  if (result.searchKey && !env.searchKeyValue)
    console.log(
      `Browser settings for the site build: NEXT_PUBLIC_TYPESENSE_COLLECTION=${env.alias} NEXT_PUBLIC_TYPESENSE_SEARCH_KEY=${result.searchKey} (search-only, scoped to the alias)`,
    )
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(`search:index failed: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  })
}
