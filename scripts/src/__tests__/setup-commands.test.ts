/**
 * The documented commands on a machine whose Node is older than 22: every npm script the README and
 * docs/ name, the workspaces' included, goes through tools/run.sh, which puts Node 22 first on PATH;
 * docs/commands.md lists every script of the root package.json; the tools it runs colour their output
 * only on a terminal.
 */
import {execFileSync, spawnSync} from 'node:child_process'
import {existsSync, readdirSync, readFileSync} from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'

const root = path.resolve(import.meta.dirname, '../../..')
const docFiles = [
  'README.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
]
const docs = docFiles.map((file) => readFileSync(path.join(root, file), 'utf8')).join('\n')
const commandsDoc = readFileSync(path.join(root, 'docs/commands.md'), 'utf8')
const WORKSPACES: Record<string, string> = {'@site/web': 'web', '@site/studio': 'studio', '@site/scripts': 'scripts', '@site/schemas': 'schemas'}

function scriptsOf(folder: string): Record<string, string> {
  return (JSON.parse(readFileSync(path.join(root, folder, 'package.json'), 'utf8')) as {scripts?: Record<string, string>}).scripts ?? {}
}

/** `npm run <script> [-w <workspace>]` and `npm start|test` as the README and docs/ write them. */
function documentedCommands(text: string): Array<{script: string; workspace: string | null}> {
  const found = new Map<string, {script: string; workspace: string | null}>()
  for (const match of text.matchAll(/npm (?:run ([\w:-]+)(?: -w (@site\/\w+))?|(start|test)\b)/g)) {
    const script = match[1] ?? match[3] ?? ''
    const workspace = match[2] ?? null
    found.set(`${workspace ?? ''} ${script}`, {script, workspace})
  }
  return [...found.values()]
}

/** The machine's own Node when it is older than 22 (this machine ships Node 20), else null. */
function olderSystemNode(): string | null {
  for (const candidate of ['/usr/bin/node', '/usr/local/bin/node']) {
    if (!existsSync(candidate)) continue
    const major = Number(execFileSync(candidate, ['-p', 'process.versions.node.split(".")[0]'], {encoding: 'utf8'}).trim())
    if (major < 22) return candidate
  }
  return null
}

describe('set-up commands', () => {
  it('every npm script the README and docs/ name goes through tools/run.sh, the workspaces’ included', () => {
    const commands = documentedCommands(docs)
    expect(commands.some((command) => command.workspace === '@site/studio' && command.script === 'dev')).toBe(true)
    const problems: string[] = []
    for (const {script, workspace} of commands) {
      const folder = workspace ? WORKSPACES[workspace] : '.'
      if (folder === undefined) {
        problems.push(`${workspace}: not a workspace of this repository`)
        continue
      }
      const body = scriptsOf(folder)[script]
      const runner = workspace ? 'bash ../tools/run.sh ' : 'bash tools/run.sh '
      if (body === undefined) problems.push(`npm run ${script}${workspace ? ` -w ${workspace}` : ''}: no such script in ${folder}/package.json`)
      else if (!body.startsWith(runner)) problems.push(`npm run ${script}${workspace ? ` -w ${workspace}` : ''}: "${body}" does not start with "${runner}"`)
    }
    expect(problems).toEqual([])
  })

  it('docs/commands.md names every script of the root package.json', () => {
    const documented = new Set(
      documentedCommands(commandsDoc)
        .filter((command) => command.workspace === null)
        .map((command) => command.script),
    )
    const missing = Object.keys(scriptsOf('.')).filter((script) => !documented.has(script))
    expect(missing).toEqual([])
  })

  const systemNode = olderSystemNode()
  it.skipIf(!systemNode)(
    'a workspace command runs on Node 22 from the folder it was called in, when PATH’s node is older',
    () => {
      // PATH as on a fresh machine: the system's Node 20 first, nothing of .tools/ or node_modules/.bin.
      const PATH = `${path.dirname(systemNode ?? '')}:/usr/bin:/bin`
      const result = spawnSync('bash', ['../tools/run.sh', 'exec', 'node', '-p', 'process.versions.node + " " + process.cwd()'], {
        cwd: path.join(root, 'studio'),
        env: {HOME: process.env.HOME ?? '/root', PATH},
        encoding: 'utf8',
      })
      expect(result.status, result.stderr).toBe(0)
      const [version, cwd] = result.stdout.trim().split(' ')
      expect(Number(version?.split('.')[0])).toBeGreaterThanOrEqual(22)
      expect(cwd).toBe(path.join(root, 'studio'))
    },
    120_000,
  )

  const scriptCommand = existsSync('/usr/bin/script') ? '/usr/bin/script' : null
  it('the tools it runs colour their output on a terminal only: NO_COLOR is set into a pipe, not on a terminal', () => {
    const probe = ['bash', 'tools/run.sh', 'exec', 'node', '-e', 'console.log("NO_COLOR=" + (process.env.NO_COLOR ?? "unset"))']
    const env = {...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined}
    const piped = spawnSync(probe[0] ?? 'bash', probe.slice(1), {cwd: root, env, encoding: 'utf8'})
    expect(piped.status, piped.stderr).toBe(0)
    expect(piped.stdout).toContain('NO_COLOR=1')
    if (!scriptCommand) return
    // util-linux's script gives the command a pseudo-terminal.
    const quoted = probe.map((part) => `'${part.replace(/'/g, `'\\''`)}'`).join(' ')
    const onTerminal = spawnSync(scriptCommand, ['-qec', quoted, '/dev/null'], {cwd: root, env, encoding: 'utf8'})
    expect(onTerminal.status, onTerminal.stderr).toBe(0)
    expect(onTerminal.stdout).toContain('NO_COLOR=unset')
  }, 120_000)
})
