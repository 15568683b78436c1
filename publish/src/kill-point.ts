/**
 * Crash tests of publishing (scripts/src/soak/kill-table.ts): with SITE_PUBLISH_KILL_AT naming a step,
 * the publish kills its whole process group with SIGKILL when it reaches that step, as a crash, the
 * out-of-memory killer or a stopped container would, leaving what it wrote so far. The publish must run
 * in a process group of its own (the webhook's steps do). tools/build-aside.sh has the same points for
 * its steps (link-check, swap, cleanup).
 */
import {writeSync} from 'node:fs'

export const KILL_POINT_VARIABLE = 'SITE_PUBLISH_KILL_AT'

/** The publish's steps that can be named: those of incremental-build.ts, then those of tools/build-aside.sh. */
export const KILL_POINTS = ['plan', 'render', 'assemble', 'policy-files', 'link-check', 'swap', 'cleanup'] as const
export type KillPoint = (typeof KILL_POINTS)[number]

export function killPoint(step: KillPoint, env: NodeJS.ProcessEnv = process.env): void {
  if (env[KILL_POINT_VARIABLE] !== step) return
  writeSync(2, `publish: ${KILL_POINT_VARIABLE}=${step}: killing the publish's process group with SIGKILL (crash test)\n`)
  process.kill(0, 'SIGKILL')
}
