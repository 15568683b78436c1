/**
 * The full build runs `next build` twice (web/package.json): `--experimental-build-mode compile`
 * compiles the app with Turbopack and exits, then `--experimental-build-mode generate` starts a fresh
 * process that renders every page from that compile. The render then runs beside a main process that
 * no longer holds the compiler's memory (about 600 MB without a warm Turbopack cache, 240 MB with
 * one, for the whole render in a one-step build: docs/performance.md, "How the build runs, and why").
 * The export is the same bytes as a one-step `next build`'s; a plain `next build` (the incremental
 * publish's fallback) works too.
 *
 * Two things Next 16.4 does not do for a static export (`output: 'export'`) split that way, done here:
 * - The compile step exports too, and without generateStaticParams (not run in that step) it renders
 *   the catch-all page once at its own pattern (/[[...path]]). The page renders nothing in that step
 *   (`isCompileStage`); the generate step's export empties the folder before writing the site.
 * - The generate step `require`s .next/prerender-manifest.json while it renders (Node caches what it
 *   requires), then writes that file anew, then exports: its export would read the compile step's
 *   stale copy, which lists no page, and render the catch-all page at its pattern instead of copying
 *   the rendered pages. `forgetCompileStageManifest` removes the stale copy when the generate step
 *   starts, as a one-step build starts without one.
 */
import {rmSync, statSync} from 'node:fs'
import path from 'node:path'

export type BuildStage = 'compile' | 'generate' | 'whole'

/** The environment variable that tells the compile step's processes (main and workers) which step it is. */
export const BUILD_STAGE_VARIABLE = 'SITE_BUILD_STAGE'

/** Which step of `next build` these command-line arguments run (`--experimental-build-mode X` or `=X`); any other mode is a whole build. */
export function buildStageOf(argv: readonly string[]): BuildStage {
  for (const [index, arg] of argv.entries()) {
    const mode =
      arg === '--experimental-build-mode' ? argv[index + 1] : arg.startsWith('--experimental-build-mode=') ? arg.slice(arg.indexOf('=') + 1) : undefined
    if (mode === 'compile' || mode === 'generate') return mode
  }
  return 'whole'
}

/** Whether this process renders for the compile step's export (pages render nothing there). */
export function isCompileStage(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  return env[BUILD_STAGE_VARIABLE] === 'compile'
}

/** Next's own build folder in export mode (a custom distDir names the export folder instead). */
export const NEXT_BUILD_DIR = '.next'

/**
 * Removes the prerender manifest that an earlier process (the compile step) left in `buildDir`; one
 * written by this process (Next may load the config again) is kept. Returns whether it removed one.
 */
export function forgetCompileStageManifest(buildDir: string, processStartedMs = Date.now() - process.uptime() * 1000): boolean {
  const manifest = path.join(buildDir, 'prerender-manifest.json')
  let modifiedMs: number
  try {
    modifiedMs = statSync(manifest).mtimeMs
  } catch {
    return false
  }
  if (modifiedMs >= processStartedMs) return false
  rmSync(manifest, {force: true})
  return true
}
