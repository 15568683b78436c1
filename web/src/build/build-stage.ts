/**
 * Which step of the full build a process serves. The full build runs `next build` twice (web/package.json):
 * `--experimental-build-mode compile`, then `--experimental-build-mode generate` in a fresh process that
 * renders every page from that compile (next-adapter.ts says why, and what the config does for it). The
 * compile step's processes carry SITE_BUILD_STAGE=compile (set by web/next.config.ts through the adapter):
 * there, the site's page renders nothing.
 */

/** The environment variable that tells the compile step's processes (main and workers) which step it is. */
export const BUILD_STAGE_VARIABLE = 'SITE_BUILD_STAGE'

/** Whether this process renders for the compile step's export (pages render nothing there). */
export function isCompileStage(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  return env[BUILD_STAGE_VARIABLE] === 'compile'
}
