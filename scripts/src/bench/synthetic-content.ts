/**
 * The content of `npm run bench -- --scale N`: a Docusaurus-layout content folder grown N times (each
 * docs version copied as N - 1 more versions, N times the blog posts, releases and standalone pages,
 * each with its translations), written into a scratch folder that is a git repository of its own.
 * Its history replays the source's, so that the importer dates every file and judges every translation
 * (current or stale) the same way for a copy as for its original: the grown site differs from the real
 * one only by what was added, never by what was already there.
 */
import {execFile, spawn} from 'node:child_process'
import {createHash} from 'node:crypto'
import {existsSync} from 'node:fs'
import {createRequire} from 'node:module'
import {mkdir, readdir, readFile, rm, stat, symlink, unlink, writeFile} from 'node:fs/promises'
import path from 'node:path'
import {pathToFileURL} from 'node:url'
import {promisify} from 'node:util'
import {lastCommitOfEachFile, workTreeRoot} from '@site/importer/git-history'

const run = promisify(execFile)

export interface ScaleOptions {
  /** How many times the content: 1 writes a faithful copy, N adds N - 1 copies of each unit. */
  factor: number
  /**
   * Synthetic locales to add, each a copy of an existing translation (fr, then pt-br, ...): 0 unless
   * given (`--locales N` of this file's command line); `npm run bench -- --scale` grows the content of
   * the site's own locales only.
   */
  extraLocales?: number
}

/** A docs version as docusaurus.config.js and versions.json describe it. */
export interface SourceVersion {
  /** `current` for docs/, else the name in versions.json. */
  name: string
  label: string
  path: string
  docsDir: string
  i18nDir: string
  /** Where its sidebars are: sidebars.js for the current version, a JSON file for the others. */
  sidebarsFile: string
}

export interface VersionCopy {
  source: SourceVersion
  copy: number
  name: string
  label: string
  path: string
}

export interface DatedCopy {
  copy: number
  /** New file or folder name (posts: `YYYY-MM-DD-name…`; releases: `<version>.md`). */
  entry: string
  date: string
  /** Posts: appended to the slug. Releases: the new version. */
  suffix: string
}

export interface LocaleCopy {
  code: string
  template: string
}

export interface ScalePlan {
  factor: number
  versions: SourceVersion[]
  versionCopies: VersionCopy[]
  /** By the post's entry under blog/ (file or folder name). */
  postCopies: Map<string, DatedCopy[]>
  /** By the release's file name under changelog/. */
  releaseCopies: Map<string, DatedCopy[]>
  /** Copies 2..N of every standalone page live under src/pages/copy-<k>/. */
  pageCopies: number[]
  localeCopies: LocaleCopy[]
}

export interface ContentFile {
  /** Path inside the content folder, `/` separators. */
  path: string
  bytes: Buffer
}

/** The source content as the plan needs it: its files and its configuration. */
export interface SourceContent {
  files: ContentFile[]
  config: Record<string, unknown>
  /** The config's default imports (`import name from 'module'`) whose values it holds, as the copy writes them again. */
  configImports: ConfigImport[]
  versionNames: string[]
  /** Sidebars of every version, as data (sidebars.js evaluated). */
  sidebars: Map<string, unknown>
}

/** A default import of the config (a remark plugin, say): its binding, its module and the value it gave. */
export interface ConfigImport {
  name: string
  module: string
  value: unknown
  /** The node_modules folder a package was found in (none for a file of the site). */
  nodeModules?: string
}

const CONFIG_FILE = 'docusaurus.config.js'
const DEFAULT_IMPORT = /^import\s+([A-Za-z_$][\w$]*)\s+from\s+['"]([^'"]+)['"]/gm
const VERSIONS_FILE = 'versions.json'
const POST_ENTRY = /^(\d{4}-\d{2}-\d{2})-(.+)$/
const MARKDOWN = /\.mdx?$/
/** Synthetic posts and releases are dated before the originals, but not before this day. */
const EARLIEST_DATE = '2010-01-01'

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The classic preset's `docs` or `blog` options, or those of the content-docs/blog plugin. */
export function pluginOptions(config: Record<string, unknown>, kind: 'docs' | 'blog'): Record<string, unknown> | null {
  for (const preset of Array.isArray(config.presets) ? config.presets : []) {
    const options: unknown = Array.isArray(preset) ? preset[1] : undefined
    if (isRecord(options) && isRecord(options[kind])) return options[kind]
  }
  for (const plugin of Array.isArray(config.plugins) ? config.plugins : []) {
    if (Array.isArray(plugin) && typeof plugin[0] === 'string' && plugin[0].includes(`content-${kind}`) && isRecord(plugin[1])) return plugin[1]
  }
  return null
}

export function sourceVersions(config: Record<string, unknown>, versionNames: readonly string[]): SourceVersion[] {
  const docs = pluginOptions(config, 'docs') ?? {}
  const own = isRecord(docs.versions) ? docs.versions : {}
  const names = [...(docs.includeCurrentVersion === false ? [] : ['current']), ...versionNames]
  const sidebarPath = typeof docs.sidebarPath === 'string' ? docs.sidebarPath.replace(/^\.\//, '') : 'sidebars.js'
  return names.map((name) => {
    const options = isRecord(own[name]) ? own[name] : {}
    const label = typeof options.label === 'string' ? options.label : name === 'current' ? 'Next' : name
    const major = /(\d+)/.exec(name === 'current' ? label : name)?.[1]
    const versionPath = typeof options.path === 'string' ? options.path.replace(/^\/+|\/+$/g, '') : `v${major ?? 0}`
    return {
      name,
      label,
      path: versionPath,
      docsDir: name === 'current' ? (typeof docs.path === 'string' ? docs.path : 'docs') : `versioned_docs/version-${name}`,
      i18nDir: name === 'current' ? 'current' : `version-${name}`,
      sidebarsFile: name === 'current' ? sidebarPath : `versioned_sidebars/version-${name}-sidebars.json`,
    }
  })
}

/** Front matter value of a top-level key written on one line, or undefined. */
export function frontMatterValue(text: string, key: string): string | undefined {
  const block = frontMatterBlock(text)
  if (!block) return undefined
  const line = new RegExp(`^${key}:[ \\t]*(.*)$`, 'm').exec(block.body)
  return line ? unquote(line[1] ?? '') : undefined
}

/** Sets a top-level key of the front matter that is already there; other lines stay byte for byte. */
export function replaceFrontMatterValue(text: string, key: string, value: string, where: string): string {
  const block = frontMatterBlock(text)
  if (!block) return text
  const pattern = new RegExp(`^${key}:[ \\t]*(.*)$`, 'm')
  const line = pattern.exec(block.body)
  if (!line) return text
  if (/^[|>]/.test((line[1] ?? '').trim())) throw new Error(`${where}: front matter "${key}" is a block scalar; the bench can only rewrite one-line values`)
  const body = block.body.replace(pattern, `${key}: ${JSON.stringify(value)}`)
  return text.slice(0, block.start) + body + text.slice(block.end)
}

function frontMatterBlock(text: string): {start: number; end: number; body: string} | null {
  const match = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(text)
  if (!match) return null
  const start = match[0].indexOf(match[1] ?? '')
  return {start, end: start + (match[1] ?? '').length, body: match[1] ?? ''}
}

function unquote(value: string): string {
  const trimmed = value.replace(/\s+#.*$/, '').trim()
  if ((trimmed.startsWith('"') && trimmed.endsWith('"')) || (trimmed.startsWith("'") && trimmed.endsWith("'"))) return trimmed.slice(1, -1)
  return trimmed
}

const DAY = 24 * 60 * 60 * 1000

function dayOf(date: string): number {
  const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00Z` : date)
  if (Number.isNaN(time)) throw new Error(`not a date: "${date}"`)
  return Math.floor(time / DAY)
}

function dateOfDay(day: number): string {
  return new Date(day * DAY).toISOString().slice(0, 10)
}

/**
 * Dates for `count` synthetic items, all before `oldest` (a day number), newest first, spread evenly
 * back to EARLIEST_DATE (one a day, further back, when the originals start before it).
 */
function datesBefore(oldest: number, count: number): string[] {
  const last = oldest - 1
  const window = last - dayOf(EARLIEST_DATE)
  return Array.from({length: count}, (_, index) => dateOfDay(window >= count ? last - Math.floor((index * window) / count) : last - index))
}

/** What to add, decided from the source's configuration and files. */
export function planScale(source: SourceContent, options: ScaleOptions): ScalePlan {
  const {factor} = options
  if (!Number.isInteger(factor) || factor < 1) throw new Error(`--scale takes a whole number of times the content (1 or more), got ${factor}`)
  const copies = Array.from({length: factor - 1}, (_, index) => index + 2)
  const versions = sourceVersions(source.config, source.versionNames)
  const usedPaths = new Set(versions.map((version) => version.path))
  const versionCopies: VersionCopy[] = []
  for (const copy of copies) {
    for (const version of versions) {
      const number = /^v(\d+)$/.exec(version.path)?.[1]
      if (number === undefined)
        throw new Error(`${CONFIG_FILE}: docs version "${version.name}" has the path "${version.path}"; the bench copies only versions whose paths are like v4`)
      // v4 copied twice becomes v204 and v304: unique, and shaped like the paths the content model takes.
      const copyPath = `v${copy}${number.padStart(2, '0')}`
      if (usedPaths.has(copyPath))
        throw new Error(`the copy ${copy} of docs version ${version.label} would take the path ${copyPath}, which another version has`)
      usedPaths.add(copyPath)
      const baseName = version.name === 'current' ? version.label.replace(/[^\w.-]+/g, '-') : version.name
      versionCopies.push({source: version, copy, name: `${baseName}-copy${copy}`, label: `${version.label} (copy ${copy})`, path: copyPath})
    }
  }

  // Posts: the default locale's entries under blog/, with their dates (front matter first, else the name).
  const posts = new Map<string, number>()
  for (const file of source.files) {
    const match = /^blog\/([^/]+)/.exec(file.path)
    const entry = match?.[1]
    if (!entry || !POST_ENTRY.test(entry.replace(MARKDOWN, '')) || !MARKDOWN.test(file.path)) continue
    const fromName = POST_ENTRY.exec(entry)?.[1] ?? ''
    const date = frontMatterValue(file.bytes.toString('utf8'), 'date') ?? fromName
    posts.set(entry, Math.min(posts.get(entry) ?? Number.POSITIVE_INFINITY, dayOf(date)))
  }
  const postCopies = new Map<string, DatedCopy[]>()
  const newestPostsFirst = [...posts].sort(([, a], [, b]) => b - a)
  const postDates = datesBefore(Math.min(...posts.values()), newestPostsFirst.length * copies.length)
  let next = 0
  for (const copy of copies) {
    for (const [entry] of newestPostsFirst) {
      const date = postDates[next++] ?? EARLIEST_DATE
      const [, , name = ''] = POST_ENTRY.exec(entry) ?? []
      const base = name.replace(MARKDOWN, '')
      const extension = MARKDOWN.exec(name)?.[0] ?? ''
      postCopies.set(entry, [...(postCopies.get(entry) ?? []), {copy, entry: `${date}-${base}-copy${copy}${extension}`, date, suffix: `-copy${copy}`}])
    }
  }

  const releases = new Map<string, {version: string; day: number}>()
  for (const file of source.files) {
    const match = /^changelog\/([^/]+\.mdx?)$/.exec(file.path)
    if (!match?.[1]) continue
    const text = file.bytes.toString('utf8')
    const version = frontMatterValue(text, 'version')
    const date = frontMatterValue(text, 'date')
    if (!version || !date) throw new Error(`changelog/${match[1]}: a release needs version and date in its front matter`)
    releases.set(match[1], {version, day: dayOf(date)})
  }
  const releaseCopies = new Map<string, DatedCopy[]>()
  const newestReleasesFirst = [...releases].sort(([, a], [, b]) => b.day - a.day)
  const releaseDates = datesBefore(Math.min(...[...releases.values()].map((release) => release.day)), newestReleasesFirst.length * copies.length)
  next = 0
  for (const copy of copies) {
    for (const [file, release] of newestReleasesFirst) {
      const date = releaseDates[next++] ?? EARLIEST_DATE
      // A prerelease of the same version: still semantic versioning, and never the same as a real one.
      const version = `${release.version.split('+')[0]}${release.version.includes('-') ? '.' : '-'}copy.${copy}`
      releaseCopies.set(file, [...(releaseCopies.get(file) ?? []), {copy, entry: `${version}${MARKDOWN.exec(file)?.[0] ?? '.md'}`, date, suffix: version}])
    }
  }

  const translated = [...new Set(source.files.flatMap((file) => /^i18n\/([^/]+)\//.exec(file.path)?.[1] ?? []))].sort()
  const localeCopies: LocaleCopy[] = []
  for (let index = 0; index < (options.extraLocales ?? 0); index++) {
    const template = translated[index % translated.length]
    if (!template) throw new Error('the content has no translations (i18n/<locale>/) to copy as a new locale')
    localeCopies.push({code: `${template}-x-copy${Math.floor(index / translated.length) + 2}`, template})
  }
  return {factor, versions, versionCopies, postCopies, releaseCopies, pageCopies: copies, localeCopies}
}

/** The synthetic files one source file becomes: itself, then its copies. */
export function mapFile(plan: ScalePlan, file: ContentFile): ContentFile[] {
  if (file.path === CONFIG_FILE || file.path === VERSIONS_FILE) return []
  const mapped = [file, ...copiesOf(plan, file)]
  const locale = /^i18n\/([^/]+)\/(.+)$/.exec(file.path)
  if (!locale) return mapped
  const extra = plan.localeCopies.filter((copy) => copy.template === locale[1])
  return [
    ...mapped,
    ...extra.flatMap((copy) => mapped.map((entry) => ({path: entry.path.replace(/^i18n\/[^/]+\//, `i18n/${copy.code}/`), bytes: entry.bytes}))),
  ]
}

function copiesOf(plan: ScalePlan, file: ContentFile): ContentFile[] {
  const i18n = /^i18n\/([^/]+)\/(.+)$/.exec(file.path)
  const prefix = i18n ? `i18n/${i18n[1]}/` : ''
  const rest = i18n ? (i18n[2] ?? '') : file.path

  if (i18n) {
    const docs = /^docusaurus-plugin-content-docs\/([^/]+?)(\.json|\/.+)$/.exec(rest)
    if (docs) {
      const version = plan.versions.find((candidate) => candidate.i18nDir === docs[1])
      if (!version) return []
      return plan.versionCopies
        .filter((copy) => copy.source === version)
        .map((copy) => {
          const target = `${prefix}docusaurus-plugin-content-docs/version-${copy.name}${docs[2]}`
          return {path: target, bytes: docs[2] === '.json' ? relabelVersion(file, copy) : file.bytes}
        })
    }
  } else {
    for (const version of plan.versions) {
      if (!rest.startsWith(`${version.docsDir}/`)) continue
      const inner = rest.slice(version.docsDir.length + 1)
      return plan.versionCopies
        .filter((copy) => copy.source === version)
        .map((copy) => ({path: `versioned_docs/version-${copy.name}/${inner}`, bytes: file.bytes}))
    }
  }

  const blog = (i18n ? /^docusaurus-plugin-content-blog\/([^/]+)(.*)$/ : /^blog\/([^/]+)(.*)$/).exec(rest)
  if (blog) {
    const [, entry = '', inner = ''] = blog
    const folder = i18n ? `${prefix}docusaurus-plugin-content-blog` : 'blog'
    return (plan.postCopies.get(entry) ?? []).map((copy) => {
      const target = `${folder}/${copy.entry}${inner}`
      if (!MARKDOWN.test(file.path)) return {path: target, bytes: file.bytes}
      let text = file.bytes.toString('utf8')
      const slug = frontMatterValue(text, 'slug')
      if (slug !== undefined) text = replaceFrontMatterValue(text, 'slug', `${slug.replace(/\/+$/, '')}${copy.suffix}`, file.path)
      text = replaceFrontMatterValue(text, 'date', copy.date, file.path)
      return {path: target, bytes: Buffer.from(text)}
    })
  }

  const release = /^changelog\/([^/]+)$/.exec(rest)
  if (release?.[1]) {
    return (plan.releaseCopies.get(release[1]) ?? []).map((copy) => {
      let text = file.bytes.toString('utf8')
      text = replaceFrontMatterValue(text, 'version', copy.suffix, file.path)
      text = replaceFrontMatterValue(text, 'date', copy.date, file.path)
      return {path: `${prefix}changelog/${copy.entry}`, bytes: Buffer.from(text)}
    })
  }

  const page = (i18n ? /^docusaurus-plugin-content-pages\/(.+)$/ : /^src\/pages\/(.+)$/).exec(rest)
  if (page?.[1] && !/^index\.mdx?$/.test(page[1])) {
    const folder = i18n ? `${prefix}docusaurus-plugin-content-pages` : 'src/pages'
    return plan.pageCopies.map((copy) => ({path: `${folder}/copy-${copy}/${page[1]}`, bytes: file.bytes}))
  }
  return []
}

/** The version label of a translated version's label file (version-3.x.json), for its copy. */
function relabelVersion(file: ContentFile, copy: VersionCopy): Buffer {
  const labels: unknown = JSON.parse(file.bytes.toString('utf8'))
  if (!isRecord(labels)) throw new Error(`${file.path}: expected an object of translated labels`)
  const entry = labels['version.label']
  if (!isRecord(entry) || typeof entry.message !== 'string') return file.bytes
  return Buffer.from(`${JSON.stringify({...labels, 'version.label': {...entry, message: `${entry.message} (${copy.copy})`}}, null, 2)}\n`)
}

/**
 * The config as a module: its data as JSON, where each value one of its default imports gave (a remark
 * plugin) is written as that import's name again, with the import above.
 */
export function configModule(config: Record<string, unknown>, imports: readonly ConfigImport[], versionCopies: number): string {
  const marker = (name: string) => `@@bench-import:${name}@@`
  const used = new Set<string>()
  const json = JSON.stringify(
    config,
    (_key, value: unknown) => {
      const imported = typeof value === 'function' || (typeof value === 'object' && value !== null) ? imports.find((entry) => entry.value === value) : undefined
      if (!imported) return value
      used.add(imported.name)
      return marker(imported.name)
    },
    2,
  ).replace(/"@@bench-import:([A-Za-z_$][\w$]*)@@"/g, '$1')
  const importLines = imports.filter((entry) => used.has(entry.name)).map((entry) => `import ${entry.name} from ${JSON.stringify(entry.module)}\n`)
  return `// Written by the bench (scripts/src/bench/synthetic-content.ts): the site's config with ${versionCopies} copied docs versions.\n${importLines.join('')}export default ${json}\n`
}

/** A copy of plain objects and arrays; anything else (an imported plugin's function) is the same value, as configModule finds it. */
function cloneData<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => cloneData(item)) as T
  const prototype: unknown = isRecord(value) ? Object.getPrototypeOf(value) : undefined
  if (isRecord(value) && (prototype === null || Object.getPrototypeOf(prototype) === null))
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, cloneData(item)])) as T
  return value
}

/** The files that depend on the whole plan: the config, versions.json and the copied versions' sidebars. */
export function globalFiles(plan: ScalePlan, source: SourceContent): ContentFile[] {
  const config = cloneData(source.config)
  const docs = pluginOptions(config, 'docs')
  if (plan.versionCopies.length > 0) {
    if (!docs) throw new Error(`${CONFIG_FILE}: no docs plugin options to add the copied versions to`)
    const own = isRecord(docs.versions) ? docs.versions : {}
    docs.versions = {...own, ...Object.fromEntries(plan.versionCopies.map((copy) => [copy.name, {label: copy.label, path: copy.path}]))}
  }
  if (plan.localeCopies.length > 0) {
    const i18n = isRecord(config.i18n) ? config.i18n : {}
    const localeConfigs = isRecord(i18n.localeConfigs) ? i18n.localeConfigs : {}
    for (const copy of plan.localeCopies) {
      const configured = localeConfigs[copy.template]
      const template: Record<string, unknown> = isRecord(configured) ? configured : {}
      localeConfigs[copy.code] = {...template, label: `${typeof template.label === 'string' ? template.label : copy.template} (${copy.code})`, path: copy.code}
    }
    const locales: unknown[] = Array.isArray(i18n.locales) ? i18n.locales : []
    config.i18n = {...i18n, locales: [...locales, ...plan.localeCopies.map((copy) => copy.code)], localeConfigs}
  }
  const files: ContentFile[] = [{path: CONFIG_FILE, bytes: Buffer.from(configModule(config, source.configImports, plan.versionCopies.length))}]
  if (source.versionNames.length > 0 || plan.versionCopies.length > 0) {
    files.push({
      path: VERSIONS_FILE,
      bytes: Buffer.from(`${JSON.stringify([...source.versionNames, ...plan.versionCopies.map((copy) => copy.name)], null, 2)}\n`),
    })
  }
  for (const copy of plan.versionCopies) {
    const sidebars = source.sidebars.get(copy.source.name)
    if (sidebars === undefined) continue
    files.push({path: `versioned_sidebars/version-${copy.name}-sidebars.json`, bytes: Buffer.from(`${JSON.stringify(sidebars, null, 2)}\n`)})
  }
  return files
}

// ---------------------------------------------------------------------------------------------
// Reading the source and writing the scratch repository.

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, {recursive: true, withFileTypes: true})
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.split('/').includes('node_modules'))
    .sort()
}

async function importData(file: string): Promise<unknown> {
  // The query defeats Node's module cache when a later run reads a changed file.
  const loaded = (await import(`${pathToFileURL(file).href}?t=${(await stat(file)).mtimeMs}`)) as {default?: unknown}
  const value = loaded.default ?? loaded
  return typeof value === 'function' ? await (value as () => unknown)() : value
}

/** The default imports at the top of a config file, each loaded (resolved from the config's folder). */
async function defaultImportsOf(configFile: string): Promise<ConfigImport[]> {
  const text = await readFile(configFile, 'utf8')
  const found: ConfigImport[] = []
  for (const match of text.matchAll(DEFAULT_IMPORT)) {
    const [, name, module] = match as unknown as [string, string, string]
    const resolved = createRequire(configFile).resolve(module)
    const loaded = (await import(pathToFileURL(resolved).href)) as {default?: unknown}
    const inModules = resolved.lastIndexOf(`${path.sep}node_modules${path.sep}`)
    found.push({name, module, value: loaded.default ?? loaded, ...(inModules >= 0 ? {nodeModules: resolved.slice(0, inModules + '/node_modules'.length)} : {})})
  }
  return found
}

/** Whether the config holds a value JSON would drop or change (a function, a date, undefined) that is not an import's. */
function hasOther(value: unknown, imports: readonly ConfigImport[]): boolean {
  if (imports.some((entry) => entry.value === value)) return false
  if (typeof value === 'function' || value === undefined || value instanceof Date) return true
  if (Array.isArray(value)) return value.some((item) => hasOther(item, imports))
  if (isRecord(value)) return Object.values(value).some((item) => hasOther(item, imports))
  return false
}

export async function readSourceContent(contentDir: string): Promise<SourceContent> {
  const paths = await listFiles(contentDir)
  const files = await Promise.all(paths.map(async (file) => ({path: file, bytes: await readFile(path.join(contentDir, file))})))
  const configFile = path.join(contentDir, CONFIG_FILE)
  const config = await importData(configFile)
  if (!isRecord(config)) throw new Error(`${configFile}: the default export must be the config object`)
  // The copy rewrites the config as JSON and its default imports: it must hold nothing else (no other functions, no dates).
  const configImports = await defaultImportsOf(configFile)
  if (hasOther(config, configImports))
    throw new Error(
      `${CONFIG_FILE}: holds values that neither JSON nor one of its default imports can carry (functions, dates, undefined); the bench cannot copy it`,
    )
  const versionsFile = files.find((file) => file.path === VERSIONS_FILE)
  const versionNames: unknown = versionsFile ? JSON.parse(versionsFile.bytes.toString('utf8')) : []
  if (!Array.isArray(versionNames) || !versionNames.every((name) => typeof name === 'string'))
    throw new Error(`${VERSIONS_FILE}: expected a list of version names`)
  const sidebars = new Map<string, unknown>()
  for (const version of sourceVersions(config, versionNames)) {
    const file = path.join(contentDir, version.sidebarsFile)
    if (!existsSync(file)) continue
    sidebars.set(version.name, /\.json$/.test(file) ? JSON.parse(await readFile(file, 'utf8')) : await importData(file))
  }
  return {files, config, configImports, versionNames, sidebars}
}

async function git(cwd: string, args: string[], env?: NodeJS.ProcessEnv): Promise<string> {
  const {stdout} = await run('git', args, {cwd, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8', env: env ?? process.env})
  return stdout
}

/** Reads many blobs through one `git cat-file --batch`. */
async function readBlobs(cwd: string, ids: readonly string[]): Promise<Map<string, Buffer>> {
  const blobs = new Map<string, Buffer>()
  if (ids.length === 0) return blobs
  const child = spawn('git', ['cat-file', '--batch'], {cwd, stdio: ['pipe', 'pipe', 'inherit']})
  const chunks: Buffer[] = []
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`git cat-file --batch exited with ${code}`))))
  })
  child.stdin.end(`${ids.join('\n')}\n`)
  await done
  const output = Buffer.concat(chunks)
  let offset = 0
  for (const id of ids) {
    const headerEnd = output.indexOf(10, offset)
    const header = output.subarray(offset, headerEnd).toString('utf8')
    const [, type, size] = header.split(' ')
    if (type !== 'blob' || size === undefined) throw new Error(`git cat-file: unexpected answer "${header}" for ${id}`)
    const start = headerEnd + 1
    blobs.set(id, output.subarray(start, start + Number(size)))
    offset = start + Number(size) + 1
  }
  return blobs
}

interface SourceHistory {
  /** The source work tree's top folder, and the content folder relative to it. */
  root: string
  contentPath: string
  /** Commits that last touched a file of the content, oldest first, with their committer dates. */
  commits: Array<{commit: string; date: string}>
}

async function openSourceHistory(contentDir: string): Promise<SourceHistory | null> {
  const root = await workTreeRoot(contentDir)
  if (root === null) return null
  const contentPath = path.relative(root, path.resolve(contentDir)).split(path.sep).join('/') || '.'
  // The importer's walk: the commits that are the last to touch some file of the content.
  const last = new Map([...(await lastCommitOfEachFile(root, contentPath)).values()].map(({commit, date}) => [commit, date]))
  const order = (await git(root, ['rev-list', '--topo-order', '--reverse', 'HEAD', '--', contentPath])).split('\n').filter(Boolean)
  return {root, contentPath, commits: order.flatMap((commit) => (last.has(commit) ? [{commit, date: last.get(commit) ?? ''}] : []))}
}

export interface SyntheticContent {
  /** The grown content folder (inside `targetDir`, which is its git repository). */
  contentDir: string
  plan: ScalePlan
  files: number
  /** Commits of the source replayed so that files and translations are dated as the originals are. */
  commitsReplayed: number
}

const COMMITTER = {GIT_AUTHOR_NAME: 'bench', GIT_AUTHOR_EMAIL: 'bench@localhost', GIT_COMMITTER_NAME: 'bench', GIT_COMMITTER_EMAIL: 'bench@localhost'}

/**
 * Writes the content of `sourceDir` grown `options.factor` times into `targetDir`/content, replacing
 * whatever was there. `targetDir` becomes a git repository whose commits carry the source's dates.
 */
export async function writeSyntheticContent(sourceDir: string, targetDir: string, options: ScaleOptions): Promise<SyntheticContent> {
  const source = await readSourceContent(sourceDir)
  const plan = planScale(source, options)
  await rm(targetDir, {recursive: true, force: true})
  const contentDir = path.join(targetDir, 'content')
  await mkdir(contentDir, {recursive: true})
  await git(targetDir, ['init', '--quiet', '--initial-branch=main'])
  // The packages the config imports are found where the source found them (the link is outside content/, never committed).
  const nodeModules = [...new Set(source.configImports.flatMap((entry) => entry.nodeModules ?? []))]
  if (nodeModules.length > 1)
    throw new Error(`${CONFIG_FILE}: imports packages from several node_modules folders (${nodeModules.join(', ')}); the bench links one`)
  if (nodeModules[0]) await symlink(nodeModules[0], path.join(targetDir, 'node_modules'), 'dir')
  const env = {...process.env, ...COMMITTER}
  const written = new Map<string, string>()
  /** Writes the files that changed since the last write; returns their paths (inside the repository). */
  const writeAll = async (files: readonly ContentFile[]): Promise<string[]> => {
    const changed: string[] = []
    for (const file of files) {
      const hash = createHash('sha1').update(file.bytes).digest('hex')
      if (written.get(file.path) === hash) continue
      const target = path.join(contentDir, ...file.path.split('/'))
      await mkdir(path.dirname(target), {recursive: true})
      await writeFile(target, file.bytes)
      written.set(file.path, hash)
      changed.push(`content/${file.path}`)
    }
    return changed
  }
  // Only what changed is staged: `git add --all` would read every file of the grown tree at each commit.
  const pathspec = path.join(targetDir, '.git', 'bench-pathspec')
  const stage = async (paths: readonly string[]) => {
    await writeFile(pathspec, paths.join('\0'))
    await git(targetDir, ['add', '--pathspec-from-file', pathspec, '--pathspec-file-nul'], env)
  }
  const current = new Set(source.files.map((file) => file.path))
  const history = await openSourceHistory(sourceDir)
  let commitsReplayed = 0
  if (history) {
    // Each commit that last touched some file: the files of today's content as they were then, with
    // their copies, committed at that commit's date. A file then last changes in the same commit as
    // its original, and a translation's source reads, at the translation's commit, as it did then.
    for (const {commit, date} of history.commits) {
      const prefix = history.contentPath === '.' ? '' : `${history.contentPath}/`
      const tree = await git(history.root, ['ls-tree', '-r', '-z', commit, '--', history.contentPath])
      const entries = tree.split('\0').flatMap((line) => {
        const match = /^\d+ blob ([0-9a-f]+)\t(.+)$/.exec(line)
        if (!match?.[1] || !match[2]?.startsWith(prefix)) return []
        const file = match[2].slice(prefix.length)
        return current.has(file) ? [{id: match[1], file}] : []
      })
      const blobs = await readBlobs(
        history.root,
        entries.map((entry) => entry.id),
      )
      const files = entries.flatMap((entry) => mapFile(plan, {path: entry.file, bytes: blobs.get(entry.id) ?? Buffer.alloc(0)}))
      const changed = await writeAll(files)
      if (changed.length === 0) continue
      await stage(changed)
      await git(targetDir, ['commit', '--quiet', '--no-verify', '--no-gpg-sign', '-m', `replay of ${commit.slice(0, 12)}`], {
        ...env,
        GIT_AUTHOR_DATE: date,
        GIT_COMMITTER_DATE: date,
      })
      commitsReplayed++
    }
  }
  const globals = globalFiles(plan, source)
  const changedGlobals = await writeAll(globals)
  if (changedGlobals.length > 0) {
    await stage(changedGlobals)
    const date = history?.commits.at(-1)?.date
    await git(targetDir, ['commit', '--quiet', '--no-verify', '--no-gpg-sign', '-m', 'synthetic configuration'], {
      ...env,
      ...(date ? {GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date} : {}),
    })
  }
  // Last, the work tree as it is now: uncommitted changes of the source stay uncommitted in the copy.
  const finalFiles = [...source.files.flatMap((file) => mapFile(plan, file)), ...globals]
  await writeAll(finalFiles)
  const keep = new Set(finalFiles.map((file) => file.path))
  for (const file of written.keys()) {
    if (!keep.has(file)) await unlink(path.join(contentDir, ...file.split('/')))
  }
  await rm(pathspec, {force: true})
  return {contentDir, plan, files: keep.size, commitsReplayed}
}

// `npx tsx scripts/src/bench/synthetic-content.ts --scale 4 [--content content] [--out .generated/bench/scale-4]`
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const {parseArgs} = await import('node:util')
  const {values} = parseArgs({
    options: {
      scale: {type: 'string', default: '2'},
      content: {type: 'string', default: 'content'},
      out: {type: 'string'},
      locales: {type: 'string', default: '0'},
    },
  })
  const factor = Number(values.scale)
  const out = values.out ?? `.generated/bench/scale-${factor}`
  const started = performance.now()
  writeSyntheticContent(values.content, out, {factor, extraLocales: Number(values.locales)})
    .then((result) =>
      console.log(
        `${result.contentDir}: ${result.files} files, ${result.plan.versionCopies.length} copied docs versions, ${result.commitsReplayed} commits replayed (${Math.round(performance.now() - started)} ms)`,
      ),
    )
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error)
      process.exit(1)
    })
}
