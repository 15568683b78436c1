/**
 * Loads a site's own JavaScript or TypeScript modules (docusaurus.config.*, sidebars.*) the way
 * Docusaurus does: through jiti (what Docusaurus 3 uses; Docusaurus 2 requires them fresh), from the
 * site folder as working directory, so that `require('./src/...')`, `require.resolve('./sidebars.js')`
 * and the site's installed packages resolve as they do for `docusaurus build`.
 *
 * A package the module needs but the site has not installed is reported with the command that
 * installs it, except purely presentational ones (code block themes): those are replaced by an inert
 * stand-in, and the import goes on saying what it ignored. While the module loads, `process.exit`
 * cannot end the import, and a timer it starts cannot crash it: both become errors naming the file.
 * Its network calls fail as they do offline, and are returned (offline.ts).
 */
import {existsSync, readFileSync} from 'node:fs'
import path from 'node:path'
import {createJiti, type Jiti} from 'jiti'
import {RAW_LOADER} from '../markdown/component-imports'
import {describeCalls, type NetworkCall, whileOffline} from './offline'
import {detectPackageManager} from './package-manager'

export interface LoadedModule {
  /** The default export (or module.exports), a function's result when it is a function. */
  value: unknown
  /** Presentational packages the module required that are not installed, replaced by a stand-in. */
  ignored: string[]
  /** Addresses it called while loading: each failed, as the import runs offline (offline.ts). */
  networkCalls: NetworkCall[]
}

export interface LoadModuleOptions {
  /** Called with an error of code that the module scheduled to run later (a timer, a promise), and its line in the file when its stack says. */
  onLateError?: (message: string, line?: number) => void
  /** Calls an exported function with these arguments (Docusaurus calls a config function with none). */
  call?: boolean
  /** Compiles JSX (React pages, components) with React's automatic runtime, as Docusaurus 3 does: no `import React` needed. */
  jsx?: boolean
  /** Gives the module's namespace (every export) instead of its default export. */
  namespace?: boolean
  /** Module specifiers to load from elsewhere (prefixes: `@theme` covers `@theme/Layout`). */
  alias?: Record<string, string>
  /** The module's source, when it is not a file: it is evaluated as `file` would be (its imports resolved from there). */
  source?: string
  /**
   * Folders an absolute specifier (`import users from '/data/users.json'`) is looked for in when no such file exists, as
   * webpack resolves it for Docusaurus: the site's static folders, then the site folder.
   */
  resolveRoots?: readonly string[]
}

/** Thrown for a module that cannot be loaded; `message` names the file and, when known, the package and its fix. */
export class ModuleLoadError extends Error {
  constructor(
    readonly file: string,
    message: string,
    readonly missingPackage?: string,
    /** The line of the file where the error was thrown, when its stack says. */
    readonly line?: number,
  ) {
    super(message)
    this.name = 'ModuleLoadError'
  }
}

/**
 * Modules that only change how code blocks look (Prism and Shiki themes): the site highlights code
 * with its own theme, so a config that requires one still imports without it.
 */
const PRESENTATIONAL = [/^prism-react-renderer(\/|$)/, /^prismjs(\/|$)/, /^@code-hike\//, /^shiki\/themes(\/|$)/, /^@shikijs\/themes(\/|$)/]

export function isPresentationalModule(specifier: string): boolean {
  return PRESENTATIONAL.some((pattern) => pattern.test(specifier))
}

const STAND_IN = path.join(import.meta.dirname, 'inert-module.cjs')

/** The package name of a bare specifier (`@scope/name/sub` → `@scope/name`). */
export function packageName(specifier: string): string {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier)
}

/**
 * What to do about a package a site module requires that is not installed: install the site's
 * dependencies with its own package manager when the site lists the package (the import's --install
 * does that), else add it.
 */
export function installAdvice(siteDir: string, pkg: string): string {
  const manager = detectPackageManager(siteDir)
  const lists = (dir: string) => {
    try {
      const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>
      return Boolean(manifest.dependencies?.[pkg] ?? manifest.devDependencies?.[pkg])
    } catch {
      return false
    }
  }
  const where = path.resolve(manager.dir) === path.resolve(siteDir) ? 'there' : `in ${manager.dir}`
  if (lists(siteDir) || lists(manager.dir))
    return `run \`${manager.command.join(' ')}\` ${where}, then import again, or import with --install, which runs it (${manager.name} is the site's package manager: ${manager.reason})`
  return `run \`${manager.name === 'npm' ? `npm install ${pkg}` : `${manager.name} add ${pkg}`}\` ${where}, then import again`
}

/** What jiti compiles when JSX is on: its own list, plus `.jsx` (which its `jsx` option alone does not add). */
const JSX_EXTENSIONS = ['.js', '.mjs', '.cjs', '.ts', '.tsx', '.mts', '.cts', '.jsx']

const MISSING = /Cannot find (?:module|package) '([^']+)'/

/** A default import statement at the start of a line: `import name from '…'`. */
const DEFAULT_IMPORT = /^([ \t]*)import\s+([A-Za-z_$][\w$]*)\s+from\s+(['"])([^'"]+)\3\s*;?/gm

/**
 * A module's source with each default import through webpack's inline raw-loader (`!!raw-loader!./file`)
 * replaced by the text of the file it names, as raw-loader gives it to the bundle; a file that cannot be read
 * stays an import, which then fails naming it.
 */
export function inlineRawLoaderImports(source: string, filename: string | undefined, siteDir?: string): string {
  if (!filename || !source.includes('raw-loader')) return source
  return source.replace(DEFAULT_IMPORT, (statement, indent: string, name: string, _quote: string, specifier: string) => {
    const raw = RAW_LOADER.exec(specifier)
    if (!raw) return statement
    const named = specifier.slice(raw[0].length)
    // `@site/…` and an absolute path (webpack's resolve root) are from the site folder; others from the module.
    const file =
      siteDir && named.startsWith('@site/')
        ? path.join(siteDir, named.slice('@site/'.length))
        : siteDir && named.startsWith('/')
          ? path.join(siteDir, named)
          : path.resolve(path.dirname(filename), named)
    try {
      return `${indent}const ${name} = ${JSON.stringify(readFileSync(file, 'utf8'))};`
    } catch {
      return statement
    }
  })
}

/** Loads `file` (relative to `siteDir`); throws a ModuleLoadError that says what to do. */
export async function loadSiteModule(siteDir: string, file: string, options: LoadModuleOptions = {}): Promise<LoadedModule> {
  const absolute = path.resolve(siteDir, file)
  const ignored: string[] = []
  const networkCalls: NetworkCall[] = []
  const alias: Record<string, string> = {}
  // Said in an error when the module failed after calling the network.
  const offlineNote = () => (networkCalls.length > 0 ? ` (while loading, it called ${describeCalls(networkCalls)}, which fails: the import runs offline)` : '')
  // Each missing presentational package found is aliased to the stand-in and the module loaded again.
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      const value = await withGuards(siteDir, file, options, networkCalls, async () => {
        const settings = {
          moduleCache: false,
          fsCache: false,
          interopDefault: true,
          ...(options.jsx ? {jsx: {runtime: 'automatic' as const}, extensions: JSX_EXTENSIONS} : {jsx: false}),
          alias: {...options.alias, ...alias},
        }
        // jiti's own transform, after webpack's inline raw-loader imports are made the text they give.
        const plain = createJiti(absolute, settings)
        const jiti = createJiti(absolute, {
          ...settings,
          transform: (transform) => ({
            code: plain.transform({...transform, source: inlineRawLoaderImports(transform.source, transform.filename, path.resolve(siteDir))}),
          }),
        })
        const loaded: unknown =
          options.source !== undefined
            ? evaluated(jiti, plain, options.source, absolute, siteDir, options.namespace === true)
            : options.namespace
              ? await jiti.import(absolute)
              : await jiti.import(absolute, {default: true})
        return options.call !== false && typeof loaded === 'function' ? await (loaded as () => unknown)() : loaded
      })
      return {value, ignored, networkCalls}
    } catch (error) {
      if (error instanceof ModuleLoadError) throw error
      const message = error instanceof Error ? error.message : String(error)
      const missing = MISSING.exec(message)?.[1]
      if (missing && !missing.startsWith('.') && !path.isAbsolute(missing)) {
        if (isPresentationalModule(missing) && !(missing in alias)) {
          alias[missing] = STAND_IN
          ignored.push(missing)
          continue
        }
        const pkg = packageName(missing)
        throw new ModuleLoadError(file, `requires the package "${pkg}", which is not installed in ${siteDir}: ${installAdvice(siteDir, pkg)}`, pkg)
      }
      if (missing && path.isAbsolute(missing) && !(missing in alias)) {
        const found = (options.resolveRoots ?? []).map((root) => path.join(root, missing)).find((candidate) => existsSync(candidate))
        if (found) {
          alias[missing] = found
          continue
        }
      }
      if (missing) {
        const standIn = standInSpecifier(missing, options.alias)
        if (standIn)
          throw new ModuleLoadError(file, `requires ${standIn}, a module of Docusaurus that the import renders with stand-ins of its own and has none for`)
        throw new ModuleLoadError(file, `requires ${missing}, which does not exist (paths are resolved from ${path.dirname(absolute)})`)
      }
      throw new ModuleLoadError(file, `cannot be loaded: ${firstLines(message)}${offlineNote()}`, undefined, lineInStack(error, absolute))
    }
  }
  throw new ModuleLoadError(file, `cannot be loaded: it requires more than 20 missing code themes (${ignored.join(', ')})`)
}

/** The specifier of Docusaurus's a missing file was asked for by, when it lies where an alias of `@theme…` or `@docusaurus…` points (`@theme/Icon/Success`). */
function standInSpecifier(missing: string, alias: Record<string, string> | undefined): string | undefined {
  for (const [specifier, target] of Object.entries(alias ?? {})) {
    if (!/^@(theme|docusaurus)\b/.test(specifier)) continue
    const inside = path.relative(target, missing.replace(/\.[cm]?js$/, ''))
    if (inside !== '' && !inside.startsWith('..') && !path.isAbsolute(inside)) return `${specifier}/${inside.split(path.sep).join('/')}`
  }
  return undefined
}

/** A module given as source, evaluated as the file `absolute` (JSX and TypeScript compiled as its imports are). */
function evaluated(jiti: Jiti, plain: Jiti, source: string, absolute: string, siteDir: string, namespace: boolean): unknown {
  const code = plain.transform({
    source: inlineRawLoaderImports(source, absolute, path.resolve(siteDir)),
    filename: absolute,
    ts: true,
    jsx: {runtime: 'automatic'},
  })
  const exports = jiti.evalModule(code, {filename: absolute, ext: path.extname(absolute), async: false}) as Record<string, unknown>
  return namespace ? exports : (exports.default ?? exports)
}

/** The line of `file` where an error was thrown, from its stack (`/site/docusaurus.config.js:12:9`). */
function lineInStack(error: unknown, file: string): number | undefined {
  const stack = error instanceof Error ? (error.stack ?? '') : ''
  const at = stack.indexOf(`${file}:`)
  if (at === -1) return undefined
  const line = /^:(\d+):\d+/.exec(stack.slice(at + file.length))?.[1]
  return line ? Number(line) : undefined
}

function firstLines(message: string): string {
  return message.split('\n').slice(0, 3).join(' ').trim()
}

/**
 * Runs `load` from the site folder, with `process.exit` turned into an error and the timers the
 * module schedules wrapped so that their errors are reported instead of ending the process.
 */
async function withGuards<T>(siteDir: string, file: string, options: LoadModuleOptions, networkCalls: NetworkCall[], load: () => Promise<T>): Promise<T> {
  const previousDir = process.cwd()
  // eslint-disable-next-line @typescript-eslint/unbound-method -- kept to be put back as it was (the same function, not a bound copy)
  const exit = process.exit
  const timers = {setTimeout: globalThis.setTimeout, setInterval: globalThis.setInterval, setImmediate: globalThis.setImmediate}
  const absolute = path.resolve(siteDir, file)
  const late = (error: unknown) => options.onLateError?.(error instanceof Error ? error.message : String(error), lineInStack(error, absolute))
  const refuseExit = (when: string) =>
    ((code?: number) => {
      throw new ModuleLoadError(file, `called process.exit(${code ?? ''}) ${when}: a config must only describe the site`)
    }) as typeof process.exit
  // A timer of the module runs after it has loaded, when process.exit is the real one again: its
  // callback gets the guard too, so that it cannot end the import (with 0, as if it had succeeded).
  const wrap = (callback: unknown) =>
    typeof callback === 'function'
      ? (...args: unknown[]) => {
          // eslint-disable-next-line @typescript-eslint/unbound-method -- kept to be put back as it was (the same function, not a bound copy)
          const current = process.exit
          process.exit = refuseExit('in code it scheduled to run later')
          try {
            const result: unknown = Reflect.apply(callback, undefined, args)
            if (result instanceof Promise) result.catch(late)
          } catch (error) {
            late(error)
          } finally {
            process.exit = current
          }
        }
      : callback
  process.exit = refuseExit('while it was loading')
  Object.assign(globalThis, {
    setTimeout: (callback: unknown, ...rest: unknown[]) => (timers.setTimeout as (...a: unknown[]) => unknown)(wrap(callback), ...rest),
    setInterval: (callback: unknown, ...rest: unknown[]) => (timers.setInterval as (...a: unknown[]) => unknown)(wrap(callback), ...rest),
    setImmediate: (callback: unknown, ...rest: unknown[]) => (timers.setImmediate as (...a: unknown[]) => unknown)(wrap(callback), ...rest),
  })
  try {
    process.chdir(siteDir)
    return await whileOffline(networkCalls, load)
  } finally {
    process.chdir(previousDir)
    process.exit = exit
    Object.assign(globalThis, timers)
  }
}
