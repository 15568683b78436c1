/**
 * Preloaded into `next build`'s render workers (next.config.ts adds it to NODE_OPTIONS, which Next
 * hands its workers, for every build of the static export). In each worker it records what Next hands
 * it to render pages (`exportPages`' input: build id, render options, config, paths), before the
 * worker renders anything, into <distDir>/site-compiled-app/: one file per call, in V8's
 * serialization, as Next's own worker messages carry it. An incremental publish replays it to render
 * a few pages with the app that build compiled, without compiling or starting Next's build again
 * (compiled-render.ts). Inert outside Next's workers: it only wraps the module that Next's
 * `build/worker.js` requires.
 *
 * Run by plain Node (types stripped, no imports of ours): Next's workers do not run under tsx.
 */
import {mkdirSync, writeFileSync} from 'node:fs'
import Module from 'node:module'
import path from 'node:path'
import {serialize} from 'node:v8'

interface ModuleLoader {
  _load(request: string, parent: {filename?: string} | undefined, isMain: boolean): unknown
}

type ExportPages = (input: unknown) => Promise<unknown>

const BUILD_WORKER = path.join('next', 'dist', 'build', 'worker.js')
/** The folder of the compile (Next's distDir) the recorded input is written to. */
export const CAPTURE_FOLDER = 'site-compiled-app'

/** NODE_OPTIONS with this module preloaded (once), for the process whose workers Next is about to start. */
export function withCapturePreload(nodeOptions: string | undefined, moduleFile: string): string {
  const preload = `--import=${JSON.stringify(moduleFile)}`
  if (nodeOptions?.includes(preload)) return nodeOptions
  return [nodeOptions, preload].filter(Boolean).join(' ')
}

/** Next's own settings of the worker's environment, which shape its output (never a secret of ours). */
export function nextEnvironment(env: NodeJS.ProcessEnv): Record<string, string> {
  const kept: Record<string, string> = {}
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && (name.startsWith('__NEXT') || name === 'NODE_ENV' || name === 'NEXT_RUNTIME')) kept[name] = value
  }
  return kept
}

// IS_NEXT_WORKER is Next's own mark on its worker processes. The compile step of the full build
// (build-stage.ts, SITE_BUILD_STAGE) renders no page of the site: its input is not the app's.
if (process.env.IS_NEXT_WORKER === 'true' && process.env.SITE_BUILD_STAGE !== 'compile') {
  const loader = Module as unknown as ModuleLoader
  const load = loader._load.bind(loader)
  let calls = 0
  loader._load = (request, parent, isMain) => {
    const loaded = load(request, parent, isMain)
    if (request !== '../export/worker' || !parent?.filename?.endsWith(BUILD_WORKER)) return loaded
    const exportPages = (loaded as {exportPages: ExportPages}).exportPages
    const capturing: ExportPages = (input) => {
      // Before the call: the worker then adds its own cache (not serializable) to the render options.
      const folder = path.join((input as {distDir: string}).distDir, CAPTURE_FOLDER)
      mkdirSync(folder, {recursive: true})
      writeFileSync(path.join(folder, `input-${process.pid}-${calls++}.bin`), serialize({input, env: nextEnvironment(process.env)}))
      return exportPages(input)
    }
    return Object.create(loaded as object, {exportPages: {value: capturing, enumerable: true}}) as unknown
  }
}
