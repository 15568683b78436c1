/**
 * Faults of the importer (importer/src/): bad files and configs of a tiny Docusaurus site written
 * for each case. The observed outcome is what the import reported (the kind and the place, file:line,
 * of each diagnostic), whether it wrote the dataset, and for the config's process.exit and timers the
 * exit code of the real command line, where process.exit is not a test double. The wording of each
 * message is checked by importer/src/__tests__/bad-input.test.ts.
 */
import {execFile} from 'node:child_process'
import {existsSync} from 'node:fs'
import {mkdir, mkdtemp, readdir, readFile, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {formatDiagnostic, type Diagnostic, sortDiagnostics} from '@site/importer/diagnostics'
import {TINY_CONFIG, TINY_INTRO, TINY_SIDEBARS} from '@site/importer/tiny-site'
import {runImport} from '@site/importer/run-import'
import type {FaultCase} from '../fault-case'

const repo = path.resolve(import.meta.dirname, '../../../..')

const CONFIG = TINY_CONFIG
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52])

type Files = Record<string, string | Uint8Array>

/** Writes a tiny site (config, sidebars and intro unless replaced) in a folder, with `beside` next to it. */
async function writeSite(files: Files, beside: Files = {}): Promise<{root: string; site: string; out: string}> {
  const root = await mkdtemp(path.join(tmpdir(), 'fault-import-'))
  const site = path.join(root, 'site')
  const all: Array<[string, string | Uint8Array]> = [
    ...Object.entries({'docusaurus.config.js': CONFIG, 'sidebars.js': TINY_SIDEBARS, 'docs/intro.md': TINY_INTRO, ...files}).map(
      ([file, text]) => [path.join(site, file), text] as [string, string | Uint8Array],
    ),
    ...Object.entries(beside).map(([file, text]) => [path.join(root, file), text] as [string, string | Uint8Array]),
  ]
  for (const [file, text] of all) {
    await mkdir(path.dirname(file), {recursive: true})
    await writeFile(file, text)
  }
  return {root, site, out: path.join(root, 'out')}
}

/** `error docs/x.md:3`: the kind and place of a diagnostic. */
const place = (kind: 'error' | 'warning') => (diagnostic: Diagnostic) =>
  `${kind} ${diagnostic.line === undefined ? diagnostic.file : `${diagnostic.file}:${diagnostic.line}`}`

/** Imports the site in this process; reports each diagnostic's place, whether the dataset was written, and what `inspect` adds. */
async function importInProcess(
  files: Files,
  options: {beside?: Files; inspect?: (found: {dataset: string; out: string; messages: string[]}) => Promise<string>} = {},
): Promise<string> {
  const {root, site, out} = await writeSite(files, options.beside)
  try {
    const result = await runImport({contentDir: site, outDir: out})
    const places = [...sortDiagnostics(result.errors).map(place('error')), ...sortDiagnostics(result.warnings).map(place('warning'))]
    const dataset = result.written ? await readFile(path.join(out, 'data.ndjson'), 'utf8') : ''
    const messages = [...result.errors, ...result.warnings].map(formatDiagnostic)
    const extra = options.inspect ? `; ${await options.inspect({dataset, out, messages})}` : ''
    return `${places.length > 0 ? places.join(', ') : 'no diagnostic'}; dataset ${result.written ? 'written' : 'not written'}${extra}`
  } finally {
    await rm(root, {recursive: true, force: true})
  }
}

/** Imports the site through `npm run import`'s command line (a process of its own); reports its exit code, the places it printed and whether it wrote the dataset. */
async function importByCommand(files: Files): Promise<string> {
  const {root, site, out} = await writeSite(files)
  try {
    const {code, output} = await new Promise<{code: number; output: string}>((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', path.join(repo, 'importer/src/cli.ts'), '--content', site, '--out', out],
        {cwd: repo, timeout: 60_000},
        (error, stdout, stderr) => resolve({code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: `${stdout}${stderr}`}),
      )
    })
    const places = [...output.matchAll(/^\s+(error|warning) ([^\s:]+(?::\d+)?):/gm)].map((match) => `${match[1]} ${match[2]}`)
    return `${places.length > 0 ? places.join(', ') : 'no diagnostic'}; exit ${code}; dataset ${existsSync(path.join(out, 'data.ndjson')) ? 'written' : 'not written'}`
  } finally {
    await rm(root, {recursive: true, force: true})
  }
}

async function filesUnder(dir: string): Promise<number> {
  return existsSync(dir) ? (await readdir(dir, {recursive: true})).length : 0
}

export const IMPORTER_CASES: FaultCase[] = [
  {
    name: 'importer: an image and a file link leaving the site folder (relative, and from the site root)',
    expected: 'warning docs/leak.md:3, warning docs/leak.md:5, warning docs/leak.md:7; dataset written; 0 files copied',
    run: () =>
      importInProcess(
        {'docs/leak.md': '# Leak\n\n![s](../../../../etc/hostname)\n\n![o](/images/../../../outside.png)\n\n[a file](../../outside.png)\n'},
        {
          beside: {'outside.png': PNG},
          inspect: async ({out}) => `${(await filesUnder(path.join(out, 'images'))) + (await filesUnder(path.join(out, 'files')))} files copied`,
        },
      ),
  },
  {
    name: 'importer: a markdown file that is not UTF-8',
    expected: 'warning docs/cafe.md:7; dataset written',
    run: () =>
      importInProcess({
        'docs/cafe.md': Buffer.concat([Buffer.from('---\ntitle: Cafe\n---\n\nFirst line.\n\nThe caf'), Buffer.from([0xe9]), Buffer.from(' opens.\n')]),
      }),
  },
  {
    name: 'importer: a code fence never closed',
    expected: 'warning docs/fence.md:5; dataset written',
    run: () => importInProcess({'docs/fence.md': '# Fence\n\nBefore.\n\n```js\nconst a = 1\n\n## Not a heading\n'}),
  },
  {
    name: "importer: 5,000 nested '>'",
    expected: 'no diagnostic; dataset written; the quote kept',
    run: () =>
      importInProcess(
        {'docs/quotes.md': `# Quotes\n\n${'>'.repeat(5000)} Deep quote.\n`},
        {inspect: async ({dataset}) => (dataset.includes('"text":"Deep quote."') ? 'the quote kept' : 'the quote lost')},
      ),
  },
  {
    name: 'importer: two docs with the same slug',
    expected: 'warning docs/b.md; dataset written; the warning names both files',
    run: () =>
      importInProcess(
        {'docs/a.md': '---\nslug: /same\n---\n\n# A\n', 'docs/b.md': '---\nslug: /same\n---\n\n# B\n'},
        {
          inspect: async ({messages}) =>
            messages.some((message) => message.startsWith('docs/b.md:') && message.includes('docs/a.md'))
              ? 'the warning names both files'
              : 'the warning names one file',
        },
      ),
  },
  {
    name: 'importer: a sidebar naming a doc that does not exist',
    expected: 'error sidebars.js:4; dataset not written',
    run: () => importInProcess({'sidebars.js': "module.exports = {\n  docs: [\n    'intro',\n    'guides/missing-page',\n  ],\n};\n"}),
  },
  {
    name: 'importer: a binary file and an empty file named .md',
    expected: 'error docs/picture.md:3, warning docs/empty.md; dataset not written',
    run: () => importInProcess({'docs/picture.md': PNG, 'docs/empty.md': ''}),
  },
  {
    name: 'importer: javascript:, data: and vbscript: links in a doc',
    expected: 'warning docs/links.md:3, warning docs/links.md:3, warning docs/links.md:5; dataset written; 0 such addresses in it',
    run: () =>
      importInProcess(
        {'docs/links.md': '# Links\n\n[a](javascript:alert(1)) [b](data:text/html,hi)\n\n<a href="vbscript:msgbox(1)">c</a>\n'},
        {inspect: async ({dataset}) => `${dataset.match(/javascript:|data:text|vbscript:/gi)?.length ?? 0} such addresses in it`},
      ),
  },
  {
    name: 'importer: process.exit(0) in the config (command line)',
    expected: 'error docusaurus.config.js; exit 1; dataset not written',
    // A process of its own: tsx compiles the importer first (about 15 s on a busy machine).
    timeoutMs: 120_000,
    run: () => importByCommand({'docusaurus.config.js': `process.exit(0);\n${CONFIG}`}),
  },
  {
    name: 'importer: process.exit(0) in a timer of the config (command line)',
    expected: 'error docusaurus.config.js:1; exit 1; dataset not written',
    // A process of its own: tsx compiles the importer first (about 15 s on a busy machine).
    timeoutMs: 120_000,
    run: () => importByCommand({'docusaurus.config.js': `setTimeout(() => process.exit(0), 20);\n${CONFIG}`}),
  },
  {
    name: 'importer: a throw in a timer of the config (command line)',
    expected: 'error docusaurus.config.js:2; exit 1; dataset not written',
    // A process of its own: tsx compiles the importer first (about 15 s on a busy machine).
    timeoutMs: 120_000,
    run: () => importByCommand({'docusaurus.config.js': `setTimeout(() => {\n  throw new Error('late');\n}, 20);\n${CONFIG}`}),
  },
]
