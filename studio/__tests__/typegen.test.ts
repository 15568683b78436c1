/**
 * Fails when the committed schema extract (schemas/schema.json) or the TypeGen types
 * (schemas/src/sanity.types.ts) differ from what `npm run typegen` writes, in content or in format:
 * both are regenerated into a temporary folder with the Sanity CLI and the studio's CLI config, and
 * compared with the committed files byte for byte (but for TypeGen's source-path comments).
 */
import {execFile} from 'node:child_process'
import {mkdir, mkdtemp, readFile, rm, writeFile} from 'node:fs/promises'
import {dirname, join, relative, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import {promisify} from 'node:util'
import {resolveConfig} from 'prettier'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import cliConfig from '../sanity.cli'

const run = promisify(execFile)
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const studio = join(root, 'studio')
const sanity = join(root, 'node_modules/.bin/sanity')
const STALE = 'is stale: run `npm run typegen` and commit the result'

let tmp = ''

/** The first line where two texts differ, to name it in the failure message instead of printing 2,000 lines. */
function firstDifference(expected: string, actual: string): string | undefined {
  const a = expected.split('\n')
  const b = actual.split('\n')
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) return `line ${i + 1}: committed ${JSON.stringify(a[i] ?? '<end of file>')}, regenerated ${JSON.stringify(b[i] ?? '<end of file>')}`
  }
  return undefined
}

// TypeGen writes "// Source: <path relative to where it ran>" comments; the temporary folder changes
// those paths and nothing else, so they are left out of the comparison.
const withoutSourceComments = (text: string) => text.replace(/^\/\/ Source: .*$/gm, '// Source: …')

beforeAll(async () => {
  // The CLI formats its output with the Prettier settings found from the output file's folder upwards,
  // so the temporary folder sits inside the repository (in the ignored .generated/) to get the same
  // settings as schemas/src/sanity.types.ts; a folder of the system's would get Prettier's defaults.
  await mkdir(join(root, '.generated'), {recursive: true})
  tmp = await mkdtemp(join(root, '.generated', 'typegen-check-'))
  // `schema extract --path` is taken relative to the studio folder, even when absolute.
  await run(sanity, ['schema', 'extract', '--path', join(relative(studio, tmp), 'schema.json')], {cwd: studio})

  // The CLI prefers the typegen settings of sanity.cli.ts over --config-path, so TypeGen runs from the
  // temporary folder with a CLI config of its own: the studio's settings, outputs redirected.
  const typegen = cliConfig.typegen ?? {}
  const paths = typegen.path === undefined ? [] : Array.isArray(typegen.path) ? typegen.path : [typegen.path]
  const config = {
    api: {projectId: 'unconfigured', dataset: 'production'},
    typegen: {
      ...typegen,
      path: paths.map((path) => resolve(studio, path)),
      schema: join(tmp, 'schema.json'),
      generates: join(tmp, 'sanity.types.ts'),
    },
  }
  await writeFile(join(tmp, 'sanity.cli.js'), `export default ${JSON.stringify(config, null, 2)}\n`)
  await run(sanity, ['typegen', 'generate'], {cwd: tmp})
}, 240_000)

afterAll(async () => {
  if (tmp) await rm(tmp, {recursive: true, force: true})
})

describe('generated files', () => {
  it('schemas/schema.json matches the schema types', async () => {
    const committed = await readFile(join(root, 'schemas/schema.json'), 'utf8')
    const regenerated = await readFile(join(tmp, 'schema.json'), 'utf8')
    expect(firstDifference(committed, regenerated), `schemas/schema.json ${STALE}`).toBeUndefined()
  })

  it('the regenerated types are formatted with the same Prettier settings as the committed file', async () => {
    const committed = await resolveConfig(join(root, 'schemas/src/sanity.types.ts'))
    expect(committed, 'no Prettier settings found for schemas/src/sanity.types.ts').not.toBeNull()
    expect(await resolveConfig(join(tmp, 'sanity.types.ts'))).toEqual(committed)
  })

  it('schemas/src/sanity.types.ts matches the schema and the queries, in content and in format', async () => {
    const committed = withoutSourceComments(await readFile(join(root, 'schemas/src/sanity.types.ts'), 'utf8'))
    const regenerated = withoutSourceComments(await readFile(join(tmp, 'sanity.types.ts'), 'utf8'))
    expect(firstDifference(committed, regenerated), `schemas/src/sanity.types.ts ${STALE}`).toBeUndefined()
  })
})
