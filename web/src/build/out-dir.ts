/**
 * Where the web build writes the export: web/out, or the folder SITE_OUT_DIR names relative to web/
 * (tools/run.sh builds into web/.builds/<id> beside the site being served, then swaps web/out to it).
 * next.config.ts reads the same variable as its export folder (a custom distDir in export mode).
 */
import path from 'node:path'

/** Checks SITE_OUT_DIR: a folder inside web/ other than web's own folders, or nothing. */
export function siteOutDirProblem(value: string | undefined): string | null {
  if (value === undefined || value === '') return null
  if (path.isAbsolute(value) || value.split(/[\\/]/).includes('..'))
    return `SITE_OUT_DIR must be a folder inside web/, relative to it (such as .builds/1), got "${value}"`
  if (/^(\.next|public|src|app|e2e|node_modules)([\\/]|$)/.test(value)) return `SITE_OUT_DIR must not be one of web's own folders, got "${value}"`
  return null
}

export function exportDir(env: Record<string, string | undefined> = process.env): string {
  const value = env.SITE_OUT_DIR?.trim()
  const problem = siteOutDirProblem(value)
  if (problem) throw new Error(problem)
  // Resolved here, not when the module loads: next dev's server bundles (dev-client.ts) have no import.meta.dirname.
  return path.join(path.resolve(import.meta.dirname, '../..'), value || 'out')
}
