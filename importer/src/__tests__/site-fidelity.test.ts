// What a site brings besides its markdown, imported from tiny sites written here: its package manager
// (named in the error when the config needs the site's own packages, and run by --install), a config
// that calls the network while it loads (imported offline, said in the report), and the report of what
// readers miss: official plugins that add to every page, live code blocks, SVG components, swizzled
// theme components with the pages they touch.
import {spawnSync} from 'node:child_process'
import {existsSync} from 'node:fs'
import {mkdir, mkdtemp, readFile, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {gitEnv} from '@site/test-support/git'
import {afterAll, describe, expect, it} from 'vitest'
import {formatDiagnostic, sortDiagnostics} from '../diagnostics'
import {formatReaderReport} from '../reader-report'
import {type ImportResult, runImport} from '../run-import'
import {packageOf} from '../site/official-plugins'
import {detectPackageManager} from '../site/package-manager'
import {TINY_CONFIG, TINY_INTRO, TINY_SIDEBARS} from './tiny-site'

const temporary: string[] = []

afterAll(async () => {
  for (const dir of temporary) await rm(dir, {recursive: true, force: true})
})

async function writeTree(root: string, files: Record<string, string | Uint8Array>): Promise<void> {
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), {recursive: true})
    await writeFile(path.join(root, file), content)
  }
}

async function folder(prefix: string): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), prefix))
  temporary.push(root)
  return root
}

function git(cwd: string, args: string[], date?: string): void {
  const result = spawnSync('git', args, {cwd, env: gitEnv(date), encoding: 'utf8'})
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`)
}

interface Imported {
  result: ImportResult
  site: string
  errors: string[]
  warnings: string[]
  progress: string[]
}

async function importSite(files: Record<string, string | Uint8Array>, options: {install?: boolean} = {}): Promise<Imported> {
  const site = await folder('site-fidelity-')
  await writeTree(site, {'docusaurus.config.js': TINY_CONFIG, 'sidebars.js': TINY_SIDEBARS, 'docs/intro.md': TINY_INTRO, ...files})
  const progress: string[] = []
  const result = await runImport({contentDir: site, outDir: path.join(site, '.out'), progress: (line) => progress.push(line), ...options})
  return {
    result,
    site,
    errors: sortDiagnostics(result.errors).map(formatDiagnostic),
    warnings: sortDiagnostics(result.warnings).map(formatDiagnostic),
    progress,
  }
}

describe("the site's package manager", () => {
  it('takes the packageManager field of package.json over lock files', async () => {
    const root = await folder('pm-field-')
    await writeTree(root, {'package.json': JSON.stringify({packageManager: 'pnpm@9.15.0'}), 'package-lock.json': '{}'})
    expect(detectPackageManager(root)).toMatchObject({name: 'pnpm', command: ['pnpm', 'install'], reason: expect.stringContaining('"pnpm@9.15.0"')})
  })

  it('asks for the pnpm major that writes the lock file’s format when nothing names a version', async () => {
    const lock = (version: string) => `lockfileVersion: '${version}'\n\nsettings:\n  autoInstallPeers: true\n`
    for (const [format, major] of [
      ['9.0', '9'],
      ['6.0', '8'],
      ['5.4', '7'],
      ['5.3', '6'],
    ]) {
      const root = await folder('pm-lockfile-')
      await writeTree(root, {'package.json': '{}', 'pnpm-lock.yaml': lock(format ?? '')})
      expect(detectPackageManager(root)).toMatchObject({name: 'pnpm', version: major})
    }
    const unknown = await folder('pm-lockfile-')
    await writeTree(unknown, {'package.json': '{}', 'pnpm-lock.yaml': lock('10.0')})
    expect(detectPackageManager(unknown).version).toBeUndefined()
  })

  it('takes the manager of the only lock file, and npm when there is none', async () => {
    const bun = await folder('pm-bun-')
    await writeTree(bun, {'package.json': '{}', 'bun.lock': '{}'})
    expect(detectPackageManager(bun)).toMatchObject({name: 'bun', dir: bun, reason: `its lock file bun.lock in ${bun}`})
    const none = await folder('pm-none-')
    await writeTree(none, {'package.json': '{}'})
    expect(detectPackageManager(none)).toMatchObject({name: 'npm', dir: none})
  })

  it('with npm, pnpm and bun lock files, takes the one the package.json scripts run', async () => {
    const root = await folder('pm-scripts-')
    await writeTree(root, {
      'package.json': JSON.stringify({scripts: {build: 'pnpm prepare-docs && docusaurus build', 'prepare-docs': 'node copy.js'}}),
      'package-lock.json': '{}',
      'pnpm-lock.yaml': 'lockfileVersion: 9.0\n',
      'bun.lock': '{}',
    })
    const manager = detectPackageManager(root)
    expect(manager.name).toBe('pnpm')
    expect(manager.reason).toBe(`${root} has the lock files pnpm-lock.yaml, bun.lock, package-lock.json; its package.json scripts run pnpm`)
  })

  it('with several lock files and scripts that name none, takes the one git changed last', async () => {
    const root = await folder('pm-git-')
    await writeTree(root, {'package.json': JSON.stringify({scripts: {build: 'docusaurus build'}}), 'package-lock.json': '{}', 'yarn.lock': '# v1\n'})
    git(root, ['init', '-q'])
    git(root, ['add', 'package.json', 'yarn.lock'])
    git(root, ['commit', '-qm', 'yarn'], '2023-01-10T10:00:00Z')
    git(root, ['add', 'package-lock.json'])
    git(root, ['commit', '-qm', 'npm'], '2024-05-02T10:00:00Z')
    expect(detectPackageManager(root)).toMatchObject({name: 'npm', reason: expect.stringContaining('package-lock.json is the one changed last (2024-05-02)')})
  })

  it('installs a site in website/ from the root of the workspace that lists it', async () => {
    const root = await folder('pm-workspace-')
    await writeTree(root, {
      'package.json': JSON.stringify({workspaces: ['packages/*', 'website'], packageManager: 'yarn@4.5.0'}),
      'yarn.lock': '# v1\n',
      'website/package.json': JSON.stringify({name: 'website'}),
    })
    git(root, ['init', '-q'])
    expect(detectPackageManager(path.join(root, 'website'))).toMatchObject({name: 'yarn', dir: root})
  })

  it("stops the import when the config needs a package the site lists, naming its own manager's command and why", async () => {
    const {errors, result} = await importSite({
      'docusaurus.config.js': `const labels = require('translation-labels-client');\n${TINY_CONFIG}`,
      'package.json': JSON.stringify({scripts: {build: 'pnpm run fetch-labels && docusaurus build'}, dependencies: {'translation-labels-client': '^2.0.0'}}),
      'package-lock.json': '{}',
      'pnpm-lock.yaml': 'lockfileVersion: 9.0\n',
      'bun.lock': '{}',
    })
    expect(result.written).toBe(false)
    expect(errors).toEqual([
      expect.stringMatching(
        /^docusaurus\.config\.js: requires the package "translation-labels-client", which is not installed in .+: run `pnpm install` there, then import again, or import with --install, which runs it \(pnpm is the site's package manager: .+ has the lock files pnpm-lock\.yaml, bun\.lock, package-lock\.json; its package\.json scripts run pnpm\)$/,
      ),
    ])
  })

  it('with --install, installs the dependencies with that command in the site folder, with progress lines, then imports', async () => {
    const files = {
      'docusaurus.config.js': `const {tagline} = require('relay-site-labels');\n${TINY_CONFIG.replace("title: 'Tiny',", 'title: tagline,')}`,
      'package.json': JSON.stringify({name: 'tiny-site', private: true, dependencies: {'relay-site-labels': 'file:./packages/labels'}}),
      'packages/labels/package.json': JSON.stringify({name: 'relay-site-labels', version: '1.0.0', main: 'index.js'}),
      'packages/labels/index.js': "module.exports = {tagline: 'Labels from the site package'}\n",
    }
    const without = await importSite(files)
    expect(without.errors).toEqual([expect.stringContaining('run `npm install` there, then import again, or import with --install')])
    const {result, errors, progress, site} = await importSite(files, {install: true})
    expect(errors).toEqual([])
    expect(result.written).toBe(true)
    expect(progress[0]).toBe(`install: running \`npm install\` in ${site} (no lock file or packageManager field says otherwise)`)
    expect(progress).toContainEqual(expect.stringMatching(/^install: done in \d+ s$/))
    expect(existsSync(path.join(site, 'node_modules/relay-site-labels/index.js'))).toBe(true)
    expect(result.documents.find((document) => document._type === 'siteSettings')).toMatchObject({title: 'Labels from the site package'})
  })

  it('with --install and a package manager that is not installed, fails with what to do', async () => {
    const site = await folder('pm-missing-')
    await writeTree(site, {
      'docusaurus.config.js': TINY_CONFIG,
      'sidebars.js': TINY_SIDEBARS,
      'docs/intro.md': TINY_INTRO,
      'package.json': '{}',
      'bun.lock': '{}',
    })
    const path0 = process.env.PATH
    // A PATH without bun (this machine has none anyway): the install cannot start.
    process.env.PATH = path.dirname(process.execPath)
    try {
      const failed = await runImport({contentDir: site, outDir: path.join(site, '.out'), install: true})
      expect(failed.errors.map(formatDiagnostic)).toEqual([
        "package.json: --install: bun is not installed on this machine: install it (npm install -g bun, or corepack enable), or install the site's packages yourself, then import again",
      ])
      expect(failed.written).toBe(false)
    } finally {
      process.env.PATH = path0
    }
  })
})

describe('--install when the package manager is not on the machine', () => {
  it('runs pnpm of the packageManager field through npx (a stand-in npx here, which records what it is asked)', async () => {
    const site = await folder('pm-npx-')
    const bin = await folder('pm-npx-bin-')
    await writeTree(site, {
      'docusaurus.config.js': TINY_CONFIG,
      'sidebars.js': TINY_SIDEBARS,
      'docs/intro.md': TINY_INTRO,
      'package.json': JSON.stringify({packageManager: 'pnpm@9.1.0'}),
    })
    await writeTree(bin, {npx: `#!/bin/sh\necho "$@" > "${path.join(bin, 'called')}"\necho "Progress: resolved 1, reused 1"\n`})
    spawnSync('chmod', ['+x', path.join(bin, 'npx')])
    const path0 = process.env.PATH
    process.env.PATH = `${bin}:${path.dirname(process.execPath)}`
    try {
      const progress: string[] = []
      const result = await runImport({contentDir: site, outDir: path.join(site, '.out'), install: true, progress: (line) => progress.push(line)})
      expect(result.errors).toEqual([])
      expect(progress.slice(0, 4)).toEqual([
        `install: running \`pnpm install\` in ${site} (the packageManager field of ${path.join(site, 'package.json')} ("pnpm@9.1.0"))`,
        'install: pnpm is not on this machine: running pnpm@9.1.0 through npx (from the npm registry)',
        'install │ Progress: resolved 1, reused 1',
        expect.stringMatching(/^install: done in \d+ s$/),
      ])
      expect((await readFile(path.join(bin, 'called'), 'utf8')).trim()).toBe('--yes pnpm@9.1.0 install')
    } finally {
      process.env.PATH = path0
    }
  })
})

describe('a config that calls the network while it loads', () => {
  it('imports with what the call gives offline, and says so in a warning and in the report', async () => {
    const config = [
      '// Labels of the locales from a translation service, with a fallback when it cannot be reached.',
      'module.exports = async function createConfig() {',
      "  let label = 'Tiny (offline)'",
      '  try {',
      "    const response = await fetch('https://progress.translations.example.org/api/tiny')",
      '    label = (await response.json()).label',
      '  } catch {}',
      `  return {...${TINY_CONFIG.replace('// A tiny Docusaurus site written by the test.\nmodule.exports = ', '').replace(/;\n*$/, '')}, title: label}`,
      '}',
      '',
    ].join('\n')
    const {result, errors, warnings} = await importSite({'docusaurus.config.js': config})
    expect(errors).toEqual([])
    expect(result.documents.find((document) => document._type === 'siteSettings')).toMatchObject({title: 'Tiny (offline)'})
    expect(warnings).toEqual([
      'docusaurus.config.js: called https://progress.translations.example.org/api/tiny while loading: the import runs offline, so the call failed as it does without a network, and the config was imported with what it gives then',
    ])
    expect(formatReaderReport(result.readerReport)).toEqual([
      'docusaurus.config.js calling https://progress.translations.example.org/api/tiny (docusaurus.config.js), what the config builds from it: what the config makes of that service’s answer (labels, versions, locales, data it passes to pages) is what it gives offline: the import never calls the network, so the call failed',
    ])
  })

  it('fails to load a config that does not handle the failure, naming the call', async () => {
    const config = `const https = require('node:https')\nawait new Promise((resolve, reject) => https.get('https://sponsors.example.org/list.json', resolve).on('error', reject))\n${TINY_CONFIG}`
    const {errors} = await importSite({'docusaurus.config.js': config.replace('module.exports = {', 'export default {').replace(/^\/\/.*\n/m, '')})
    expect(errors).toEqual([
      expect.stringMatching(
        /^docusaurus\.config\.js(:\d+)?: cannot be loaded: .*ENOTFOUND sponsors\.example\.org.* \(while loading, it called https:\/\/sponsors\.example\.org\/list\.json, which fails: the import runs offline\)$/,
      ),
    ])
  })
})

describe('the report of what readers miss', () => {
  it('names plugins by package, as Docusaurus resolves their names: shorthands of its own, paths into node_modules', () => {
    expect(packageOf('preset', 'classic')).toBe('@docusaurus/preset-classic')
    expect(packageOf('theme', '@docusaurus/mermaid')).toBe('@docusaurus/theme-mermaid')
    expect(packageOf('theme', 'live-codeblock')).toBe('@docusaurus/theme-live-codeblock')
    expect(packageOf('plugin', '@docusaurus/plugin-pwa')).toBe('@docusaurus/plugin-pwa')
    expect(packageOf('theme', '/site/node_modules/@acme/docusaurus-theme-search/lib/index.js')).toBe('@acme/docusaurus-theme-search')
    expect(packageOf('plugin', 'docusaurus-plugin-sass')).toBe('docusaurus-plugin-sass')
    expect(packageOf('plugin', './src/plugins/banner')).toBe('./src/plugins/banner')
  })

  it('names the official plugins that add to every page, live code blocks and styled SVG components per page, and swizzled components with their pages', async () => {
    const config = TINY_CONFIG.replace(
      "  presets: [['classic', {docs: {sidebarPath: require.resolve('./sidebars.js')}, blog: false}]],",
      [
        "  presets: [['classic', {docs: {sidebarPath: require.resolve('./sidebars.js')}, blog: false, gtag: {trackingID: 'G-TINY0001'}}]],",
        "  themes: ['@docusaurus/theme-live-codeblock'],",
        "  plugins: [['@docusaurus/plugin-pwa', {offlineModeActivationStrategies: ['standalone']}], 'docusaurus-plugin-sass', '@docusaurus/plugin-rsdoctor',",
        '    function tailwindStyles() { return {name: "tailwind-styles"} }],',
      ].join('\n'),
    )
    const {result, errors, progress, site} = await importSite({
      'docusaurus.config.js': config,
      'static/img/wave.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><path d="M0 5h10"/></svg>\n',
      'docs/live.mdx': ['# Live', '', 'Try it:', '', '```jsx live', 'function Hello() {', '  return <b>Hello</b>', '}', '```', ''].join('\n'),
      'docs/notes.mdx': [
        '# Notes',
        '',
        "import Wave from '@site/static/img/wave.svg';",
        '',
        '<Wave className="wave" />',
        '',
        ':::tip',
        'An admonition.',
        ':::',
        '',
      ].join('\n'),
      'src/theme/DocItem/Footer/index.js': 'export default function Footer() { return <footer>Thanks for reading</footer> }\n',
      'src/theme/Admonition/index.js': [
        "import Admonition from '@theme-original/Admonition'",
        'export default function Wrapped(props) { return <div className="framed"><Admonition {...props} /></div> }',
        '',
      ].join('\n'),
      'src/theme/Admonition/styles.module.css': '.framed { border: 1px solid; }\n',
      // A part of the swizzled Admonition, not a component of its own.
      'src/theme/Admonition/frame.js': 'export const frame = "framed"\n',
    })
    expect(errors).toEqual([])
    expect(progress).toContain("plugins for the site's developers only, nothing readers see: @docusaurus/plugin-rsdoctor (a build analysis report)")
    expect(formatReaderReport(result.readerReport)).toEqual([
      '@docusaurus/plugin-google-gtag (docusaurus.config.js:6), every page: the Google tag, gtag.js (G-TINY0001), is not added to the pages: visits are not counted by it',
      '@docusaurus/plugin-pwa (docusaurus.config.js:8), every page: the site is not a progressive web app here: no web app manifest or service worker, so readers cannot install it or read it offline',
      '@docusaurus/plugin-svgr, 1 page: <Wave> (an SVG drawn as a component) is shown as an image: its props className do not style it',
      '  docs/notes.mdx:5',
      '@docusaurus/theme-live-codeblock, 1 page: a live code block (```jsx live) is shown as highlighted code: readers cannot edit it and do not see the result it renders',
      '  docs/live.mdx:5',
      'docusaurus-plugin-sass (docusaurus.config.js:8), what it adds: a plugin that is not one of Docusaurus’s own: not run here, so the pages, scripts, styles or data it adds to the site are not carried over (its remark plugins, if any, are run where the config gives them to the docs, blog or pages)',
      'src/theme/Admonition (src/theme/Admonition/index.js), the pages with admonitions: 1: the site’s own Admonition (it wraps the theme’s) is not imported: these pages show the standard one, without what the site changed',
      '  docs/notes.mdx',
      'src/theme/DocItem/Footer (src/theme/DocItem/Footer/index.js), every doc page (3): the site’s own DocItem/Footer (it replaces the theme’s) is not imported: these pages show the standard one, without what the site changed',
      'tailwindStyles (a plugin function of the config) (docusaurus.config.js:9), what it adds: a plugin that is not one of Docusaurus’s own: run here only for the global data it gives pages (useGlobalData, usePluginData), so the pages, scripts, styles or data files it adds to the site are not carried over (its remark plugins, if any, are run where the config gives them to the docs, blog or pages)',
    ])
    const written = JSON.parse(await readFile(path.join(site, '.out/import-report.json'), 'utf8')) as {readersMiss: unknown[]}
    expect(written.readersMiss).toEqual(result.readerReport)
  })
})
