/**
 * The corpus manifest (manifest.json beside this file): the real Docusaurus sites that `npm run corpus`
 * builds with their own Docusaurus and compares with this site's build of the same source. Facts only:
 * where each site is, how its own build runs, what it covers.
 */
import {readFile} from 'node:fs/promises'

export interface CorpusSite {
  /** A short name: the folder in the scratch area and the row of the table. */
  id: string
  /** `owner/name` of a public repository (mirrored under the mirror folder), or `local:<folder>` of this repository. */
  repository: string
  /** The commit built; required for a repository. */
  commit?: string
  /** The folder of docusaurus.config.* inside the repository. */
  siteDir: string
  /** Shell commands run in the site folder after installing and before building, as the site's own build script runs them. */
  preBuild?: string[]
  /** The build command, run in the site folder; default `npx docusaurus build`. Locale options are appended. */
  build?: string
  /** `all`, or the locales Docusaurus builds (an English-only first pass for the sites whose full build takes hours). */
  oracleLocales: 'all' | string[]
  /** npm `overrides` added to the site's package.json in the scratch copy (Docusaurus 2 needs an older webpack here). */
  npmOverrides?: Record<string, string>
  /**
   * Dependencies of the site's package.json left out of the scratch install: packages its build does not use whose
   * install cannot run here (ent's Docusaurus 1 package, beside its Docusaurus 2, compiles gifsicle from source).
   */
  withoutPackages?: string[]
  /**
   * Packages that exist only on a project's own registry (not the npm registry): a small stand-in
   * module each (its ES module source), installed from the scratch folder in their place.
   */
  standIns?: Record<string, string>
  /**
   * Environment variables of the site's build, set for both builds (the oracle's and the import here): what its
   * config reads (react-native-website's PREVIEW_DEPLOY builds three versions of eleven).
   */
  env?: Record<string, string>
  /** For a site without a package.json of its own (this repository's content/): the packages to install. */
  packages?: Record<string, string>
  /** What the site covers, for the table. */
  covers: string[]
}

export interface CorpusManifest {
  sites: CorpusSite[]
}

export class ManifestError extends Error {}

function fail(file: string, where: string, message: string): never {
  throw new ManifestError(`${file}: ${where}: ${message}`)
}

/** Reads and checks the manifest; every problem names the site and the field. */
export function parseManifest(text: string, file: string): CorpusManifest {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    fail(file, 'JSON', error instanceof Error ? error.message : String(error))
  }
  if (typeof data !== 'object' || data === null || !Array.isArray((data as {sites?: unknown}).sites)) fail(file, 'sites', 'must be a list')
  const ids = new Set<string>()
  const sites = (data as {sites: unknown[]}).sites.map((raw, index): CorpusSite => {
    if (typeof raw !== 'object' || raw === null) fail(file, `sites[${index}]`, 'must be an object')
    const site = raw as Record<string, unknown>
    const where = `sites[${index}]${typeof site.id === 'string' ? ` (${site.id})` : ''}`
    const text = (field: string, required: boolean): string | undefined => {
      const value = site[field]
      if (value === undefined && !required) return undefined
      if (typeof value !== 'string' || value.trim() === '') fail(file, `${where}.${field}`, 'must be a non-empty string')
      return value
    }
    const stringList = (field: string): string[] | undefined => {
      const value = site[field]
      if (value === undefined) return undefined
      if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) fail(file, `${where}.${field}`, 'must be a list of strings')
      return value as string[]
    }
    const stringMap = (field: string): Record<string, string> | undefined => {
      const value = site[field]
      if (value === undefined) return undefined
      if (typeof value !== 'object' || value === null || Object.values(value).some((item) => typeof item !== 'string'))
        fail(file, `${where}.${field}`, 'must map names to strings')
      return value as Record<string, string>
    }
    const id = text('id', true) as string
    if (!/^[a-z0-9][a-z0-9._-]*$/.test(id)) fail(file, `${where}.id`, 'must be lowercase letters, digits, dots, dashes')
    if (ids.has(id)) fail(file, `${where}.id`, `"${id}" is used twice`)
    ids.add(id)
    const repository = text('repository', true) as string
    const local = repository.startsWith('local:')
    if (!local && !/^[\w.-]+\/[\w.-]+$/.test(repository)) fail(file, `${where}.repository`, 'must be owner/name or local:<folder>')
    const commit = text('commit', !local)
    if (commit !== undefined && !/^[0-9a-f]{40}$/.test(commit)) fail(file, `${where}.commit`, 'must be a full 40-digit commit')
    const oracleLocales = site.oracleLocales
    if (oracleLocales !== 'all' && (!Array.isArray(oracleLocales) || oracleLocales.length === 0 || oracleLocales.some((item) => typeof item !== 'string')))
      fail(file, `${where}.oracleLocales`, 'must be "all" or a non-empty list of locales')
    const siteDir = text('siteDir', true) as string
    if (siteDir.startsWith('/') || siteDir.split('/').includes('..')) fail(file, `${where}.siteDir`, 'must be a folder inside the repository')
    return {
      id,
      repository,
      commit,
      siteDir,
      preBuild: stringList('preBuild'),
      build: text('build', false),
      oracleLocales: oracleLocales as 'all' | string[],
      npmOverrides: stringMap('npmOverrides'),
      withoutPackages: stringList('withoutPackages'),
      standIns: stringMap('standIns'),
      packages: stringMap('packages'),
      env: stringMap('env'),
      covers: stringList('covers') ?? [],
    }
  })
  return {sites}
}

export async function readManifest(file: string): Promise<CorpusManifest> {
  return parseManifest(await readFile(file, 'utf8'), file)
}

/** The mirror folder of a repository: `<mirrors>/<owner>+<name>/repo`. */
export function mirrorOf(repository: string, mirrors: string): string {
  return `${mirrors}/${repository.replace('/', '+')}/repo`
}
