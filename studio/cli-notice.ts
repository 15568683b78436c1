/**
 * The terminal's side of a studio without a project: the commands that serve or publish the studio
 * for editors (sanity dev, start, preview, deploy) say which variable to set; build, validate and
 * typegen work offline and stay quiet.
 */
import {MISSING_PROJECT_MESSAGE} from './env'

const SERVING_COMMANDS = new Set(['dev', 'start', 'preview', 'deploy'])

/** The line to print for the CLI's arguments (after `sanity`), or null; yellow only on a terminal. */
export function missingProjectWarning(args: readonly string[], env: Readonly<Record<string, string | undefined>>, terminal: boolean): string | null {
  const command = args.find((arg) => !arg.startsWith('-'))
  if (env.SANITY_STUDIO_PROJECT_ID || !command || !SERVING_COMMANDS.has(command)) return null
  const [on, off] = terminal && !env.NO_COLOR ? ['\u001b[33m', '\u001b[0m'] : ['', '']
  return `${on}› ${MISSING_PROJECT_MESSAGE}${off}\n`
}
