/**
 * The import job: read → front matter → documents and bodies → links and images → schema check →
 * write. Every stage reports into one diagnostic log; nothing is written when there is an error.
 */
import path from 'node:path'
import {translationStatus} from '@site/schemas'
import {DiagnosticLog, type Diagnostic} from './diagnostics'
import {withKeys} from './keys'
import {readMarkdownFiles, listFiles} from './read-sources'
import {checkDocument} from './schema-check'
import {loadAuthors} from './site/authors'
import {buildAllMarkdownDocuments, type BuildEnvironment, type SanityDocument} from './site/documents'
import {buildDocsVersions} from './site/docs-versions'
import {classifyFiles, type PostEntry} from './site/entries'
import {buildHomeSections} from './site/home-page'
import {buildUrlIndex, ImageStore} from './site/resolvers'
import {loadSiteConfig, latestVersion} from './site/site-config'
import {buildSiteSettings, latestDocSlugs} from './site/site-settings'
import {buildSidebars} from './site/sidebars'
import {applyLastUpdated} from './site/last-updated'
import {applyTranslationHistory, type HistoryCounts} from './site/translation-history'
import {buildTranslationMetadata} from './site/translation-metadata'
import {buildUiStrings} from './site/ui-strings'
import {writeDataset} from './write-dataset'
import {buildSearchSynonyms} from '../search/synonyms-import'

export interface ImportOptions {
  contentDir: string
  outDir: string
  /** Progress lines (stage, counts); silent when absent. */
  progress?: (line: string) => void
  /** When false, documents are built and checked but nothing is written. */
  write?: boolean
}

export interface ImportResult {
  filesRead: number
  documents: SanityDocument[]
  images: [string, string][]
  warnings: Diagnostic[]
  errors: Diagnostic[]
  written: boolean
}

export async function runImport(options: ImportOptions): Promise<ImportResult> {
  const progress = options.progress ?? (() => {})
  const contentDir = path.resolve(options.contentDir)
  const log = new DiagnosticLog()
  const result = (documents: SanityDocument[], filesRead: number, images: [string, string][] = [], written = false): ImportResult => ({
    filesRead,
    documents,
    images,
    warnings: log.warnings,
    errors: log.errors,
    written,
  })

  const site = await loadSiteConfig(contentDir, log)
  if (!site) return result([], 0)
  progress(`config: ${site.versions.length} docs versions (${site.versions.map((v) => `${v.label} → ${v.path}`).join(', ')}), locales ${site.locales.join(', ')}`)

  const read = await readMarkdownFiles(contentDir)
  progress(`read: ${read.files.length} markdown files through contentlayer2${read.skippedByContentlayer.length > 0 ? ` (${read.skippedByContentlayer.length} it could not parse, read directly)` : ''}`)

  const entries = classifyFiles(read.files, site, log)
  progress(`front matter: ${entries.docs.length} docs, ${entries.posts.length} posts, ${entries.releases.length} releases, ${entries.pages.length} pages, ${entries.home.length} home pages`)
  for (const file of await listFiles(contentDir, 'src/pages')) {
    if (/\.(jsx?|tsx?)$/.test(file)) log.warn({file, message: 'React pages are not content; not imported'})
  }

  const images = new ImageStore(contentDir)
  const env: BuildEnvironment = {urls: buildUrlIndex(entries, site), images, log, defaultLocale: site.defaultLocale}
  const authors = await loadAuthors(contentDir, images, log)
  const sourcePosts = new Map(entries.posts.filter((post) => post.locale === site.defaultLocale).map((post) => [post.canonicalPath, post]))
  const authorIds = (entry: PostEntry) => {
    // A translated post may leave its authors out: they are its source's.
    const source = sourcePosts.get(entry.canonicalPath)
    const own = entry.frontMatter.data.authors
    return entry.locale !== site.defaultLocale && own === undefined && source ? authors.idsFor(source) : authors.idsFor(entry)
  }
  const markdown = buildAllMarkdownDocuments(entries, authorIds, (entry) => buildHomeSections(entry, env), env)
  progress(`bodies: ${Object.values(markdown).reduce((sum, list) => sum + list.length, 0)} converted to Portable Text, ${images.files().length} images`)
  const dated = await applyTranslationHistory(Object.values(markdown).flat(), contentDir, site, env)
  progress(`translations: ${describeHistory(dated)}${describeStale(Object.values(markdown).flat())}`)
  const lastUpdated = await applyLastUpdated([...markdown.docs, ...markdown.pages], contentDir)
  progress(`last updated: ${lastUpdated} docs and pages dated by their last commit`)

  const sidebars = await buildSidebars(contentDir, site, entries.docs, log)
  const latest = latestVersion(site)
  const settings = await buildSiteSettings(
    contentDir,
    site,
    latestDocSlugs(site, entries.docs),
    latest ? sidebars.get(latest.name) : undefined,
    images,
    log,
  )
  const uiStrings = await buildUiStrings(contentDir, site.locales, site.defaultLocale, log)
  const searchSynonyms = await buildSearchSynonyms(contentDir, site.locales, site.defaultLocale, log)
  const documents: SanityDocument[] = [
    settings,
    ...uiStrings,
    ...searchSynonyms,
    ...buildDocsVersions(site, entries.docs, log),
    ...[...sidebars.values()].flatMap((version) => version.documents),
    ...authors.documents,
    ...markdown.docs,
    ...markdown.posts,
    ...markdown.releases,
    ...markdown.pages,
    ...markdown.home,
  ].map((document) => withKeys(document)) // keys for arrays outside bodies: navbar, sidebars, sections
  progress(`site: settings, ${uiStrings.length} interface string sets, ${[...sidebars.values()].reduce((sum, v) => sum + v.documents.length, 0)} sidebars, ${authors.documents.length} authors`)

  checkAll(documents, log)
  // Outside the content model (the plugin's own type), so added after the schema check.
  documents.push(...buildTranslationMetadata(documents))
  if (log.errors.length > 0 || options.write === false) return result(documents, read.files.length, images.files())
  await writeDataset(options.outDir, documents, images.files())
  progress(`wrote ${documents.length} documents to ${path.join(options.outDir, 'data.ndjson')}`)
  return result(documents, read.files.length, images.files(), true)
}

/** The stale translations by file, so that whoever imports sees what needs a translator. */
function describeStale(documents: SanityDocument[]): string {
  const byId = new Map(documents.map((document) => [document._id, document]))
  const stale = documents.filter((document) => {
    const origin = document.translation as {source?: {_ref?: string}} | undefined
    const source = origin?.source?._ref ? byId.get(origin.source._ref) : undefined
    return source !== undefined && translationStatus(source, document as {translation?: {sourceRevision?: string}}) === 'stale'
  })
  return stale.length === 0 ? '' : `; stale (source changed since): ${stale.map((document) => String(document.sourcePath ?? document._id)).join(', ')}`
}

function describeHistory(counts: HistoryCounts): string {
  const parts = [`${counts.fromHistory} dated by git history`]
  if (counts.uncommitted > 0) parts.push(`${counts.uncommitted} with uncommitted changes taken as made from the current source`)
  if (counts.untracked > 0) parts.push(`${counts.untracked} never committed taken as made from the current source`)
  if (counts.withoutGit > 0) parts.push(`${counts.withoutGit} taken as made from the current source, as content/ is not in a git work tree`)
  return parts.join(', ')
}

function checkAll(documents: SanityDocument[], log: DiagnosticLog): void {
  const seen = new Set<string>()
  // A file whose front matter was already reported would only repeat the same problems here.
  const reported = new Set(log.errors.map((error) => error.file))
  for (const document of documents) {
    const file = typeof document.sourcePath === 'string' ? document.sourcePath : `(${document._type} ${document._id})`
    if (seen.has(document._id)) log.error({file, message: `two sources produce the document ${document._id}`})
    seen.add(document._id)
    if (reported.has(file)) continue
    for (const problem of checkDocument(document)) log.error({file, message: `${document._id}: ${problem}`})
  }
}
