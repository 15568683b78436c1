import {mkdir, mkdtemp, readFile, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {parseManifest} from '../manifest'
import {
  isolateFromWorkspaces,
  localeArguments,
  lockOnNpmRegistry,
  lockedVersion,
  parseTimes,
  pinPackages,
  runShell,
  sitePaths,
  StepError,
  unmetDependencies,
  writeLocalPackageJson,
} from '../oracle'
import {corpusTable, percent} from '../table'

describe('the corpus manifest', () => {
  it('reads the committed manifest: every site with a full commit, a site folder and what it covers', async () => {
    const file = join(import.meta.dirname, '..', 'manifest.json')
    const manifest = parseManifest(await readFile(file, 'utf8'), file)
    expect(manifest.sites.length).toBeGreaterThanOrEqual(12)
    for (const site of manifest.sites) {
      if (!site.repository.startsWith('local:')) expect(site.commit).toMatch(/^[0-9a-f]{40}$/)
      expect(site.covers.length).toBeGreaterThan(0)
    }
  })

  it("installs every package that content/'s Docusaurus config imports or names as a plugin or theme", async () => {
    const file = join(import.meta.dirname, '..', 'manifest.json')
    const local = parseManifest(await readFile(file, 'utf8'), file).sites.find((site) => site.repository === 'local:content')
    const config = await readFile(join(import.meta.dirname, '../../../../content/docusaurus.config.js'), 'utf8')
    const imported = [...config.matchAll(/^import .* from '([^.'][^']*)'/gm)].map((match) => match[1])
    const named = [...config.matchAll(/'(@docusaurus\/(?:plugin|theme)-[\w-]+)'/g)].map((match) => match[1])
    expect(imported.length).toBeGreaterThan(0)
    for (const name of [...imported, ...named]) expect(Object.keys(local?.packages ?? {}), `${name} in content/docusaurus.config.js`).toContain(name)
  })

  it('names the site and the field of a mistake', () => {
    const site = {id: 'kites', repository: 'someone/kites', siteDir: '.', oracleLocales: 'all', covers: []}
    expect(() => parseManifest(JSON.stringify({sites: [{...site, commit: 'abc'}]}), 'm.json')).toThrow(
      'm.json: sites[0] (kites).commit: must be a full 40-digit commit',
    )
    expect(() => parseManifest(JSON.stringify({sites: [{...site, commit: 'a'.repeat(40), siteDir: '../up'}]}), 'm.json')).toThrow('sites[0] (kites).siteDir')
    expect(() => parseManifest(JSON.stringify({sites: [{...site, commit: 'a'.repeat(40), oracleLocales: []}]}), 'm.json')).toThrow('oracleLocales')
  })
})

describe('the oracle build', () => {
  it('names the packages a lock file left out although another needs them, never optional ones or peers', () => {
    const listing = [
      'kite-site@1.0.0 /site',
      '├─┬ @docusaurus/core@3.10.1',
      '│ ├─┬ copy-webpack-plugin@11.0.0',
      '│ │ ├── UNMET DEPENDENCY serialize-javascript@^6.0.0',
      '│ │ └── UNMET OPTIONAL DEPENDENCY fsevents@~2.3.2',
      '│ ├─┬ terser-webpack-plugin@5.3.10',
      '│ │ ├── UNMET DEPENDENCY serialize-javascript@^6.0.1',
      '│ │ ├── UNMET DEPENDENCY @kites/wind@2.x',
      '│ │ └── UNMET DEPENDENCY search-insights@>= 1 < 3',
      '│ └── UNMET PEER DEPENDENCY react@^18.0.0',
      'npm error missing: serialize-javascript@^6.0.0, required by copy-webpack-plugin@11.0.0',
    ].join('\n')
    expect(unmetDependencies(listing)).toEqual(['serialize-javascript@^6.0.1', '@kites/wind@2.x', 'search-insights@>= 1 < 3'])
    expect(unmetDependencies('kite-site@1.0.0 /site\n└── @docusaurus/core@3.10.1\n')).toEqual([])
  })

  it('gives Docusaurus 3 every locale to build, and refuses a list that Docusaurus 2 would build as its last locale alone', () => {
    expect(localeArguments('all', '2.4.3')).toBe('')
    expect(localeArguments(['en', 'ja'], '3.10.1')).toBe(" --locale 'en' --locale 'ja'")
    expect(localeArguments(['en'], '2.4.3')).toBe(" --locale 'en'")
    expect(() => localeArguments(['en', 'fr'], '2.4.3')).toThrow(/Docusaurus 2\.4\.3 builds one locale a run/)
  })

  it('runs a step with its output in a log, measures its CPU time, and names the command and log when it fails', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'corpus-shell-'))
    try {
      const log = join(dir, 'step.log')
      const done = await runShell('echo started; echo finished >&2', {cwd: dir, log})
      expect(await readFile(log, 'utf8')).toBe('started\nfinished\n')
      expect(done.cpuSeconds).toBeTypeOf('number')
      const failing = runShell('echo half way; exit 3', {cwd: dir, log: join(dir, 'failing.log')})
      await expect(failing).rejects.toBeInstanceOf(StepError)
      await expect(failing).rejects.toThrow(`\`echo half way; exit 3\` exited with 3 after 0 s (log: ${join(dir, 'failing.log')})`)
      expect(await readFile(join(dir, 'failing.log'), 'utf8')).toBe('half way\n')
    } finally {
      await rm(dir, {recursive: true, force: true})
    }
  })

  it('reads the Docusaurus version each kind of lock file resolved', () => {
    expect(lockedVersion(JSON.stringify({packages: {'node_modules/@docusaurus/core': {version: '3.9.2'}}}), 'package-lock.json', '@docusaurus/core')).toBe(
      '3.9.2',
    )
    expect(lockedVersion('"@docusaurus/core@^3.0.0":\n  version "3.8.1"\n', 'yarn.lock', '@docusaurus/core')).toBe('3.8.1')
    expect(lockedVersion('"@docusaurus/core@npm:^3.0.0":\n  version: 3.10.0\n  resolution: "x"\n', 'yarn.lock', '@docusaurus/core')).toBe('3.10.0')
    expect(lockedVersion("packages:\n  '@docusaurus/core@2.3.1(react@17.0.2)':\n", 'pnpm-lock.yaml', '@docusaurus/core')).toBe('2.3.1')
    expect(lockedVersion('{}', 'package-lock.json', '@docusaurus/core')).toBeNull()
  })

  it("points a lock file's tarballs on another registry at the npm registry, leaving the rest as it is", () => {
    const yarnLock = [
      'left-pad@^1.3.0:',
      '  version "1.3.0"',
      '  resolved "https://registry.example-corp.net/left-pad/-/left-pad-1.3.0.tgz#abc123"',
      '"@scope/tool@^2.0.0":',
      '  version "2.0.1"',
      '  resolved "https://registry.npmjs.org/@scope/tool/-/tool-2.0.1.tgz#def456"',
      '"@scope/other@^1.0.0":',
      '  resolved "http://mirror.example-corp.net:8080/@scope/other/-/other-1.0.0.tgz"',
      'from-git@x:',
      '  resolved "https://codeload.example.com/owner/from-git/tar.gz/0123abcd"',
    ].join('\n')
    const {text, moved} = lockOnNpmRegistry(yarnLock)
    expect(moved).toBe(2)
    expect(text).toContain('resolved "https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz#abc123"')
    expect(text).toContain('resolved "https://registry.npmjs.org/@scope/tool/-/tool-2.0.1.tgz#def456"')
    expect(text).toContain('resolved "https://registry.npmjs.org/@scope/other/-/other-1.0.0.tgz"')
    expect(text).toContain('resolved "https://codeload.example.com/owner/from-git/tar.gz/0123abcd"')
    const packageLock = JSON.stringify({packages: {'node_modules/a': {resolved: 'https://npm.example-corp.net/a/-/a-1.0.0.tgz'}}})
    expect(JSON.parse(lockOnNpmRegistry(packageLock).text).packages['node_modules/a'].resolved).toBe('https://registry.npmjs.org/a/-/a-1.0.0.tgz')
  })

  it("writes a local site's package.json from the manifest on every build, replacing an older one", async () => {
    const scratch = await mkdtemp(join(tmpdir(), 'corpus-'))
    try {
      const site = {
        id: 'notes',
        repository: 'local:notes',
        siteDir: '.',
        oracleLocales: 'all' as const,
        covers: ['x'],
        packages: {'@docusaurus/core': '3.10.2'},
      }
      const paths = sitePaths(scratch, site)
      await mkdir(paths.site, {recursive: true})
      await writeFile(join(paths.site, 'package.json'), '{"dependencies": {"left-over": "1.0.0"}}')
      await writeLocalPackageJson(site, paths)
      const pkg = JSON.parse(await readFile(join(paths.site, 'package.json'), 'utf8')) as {dependencies: Record<string, string>}
      expect(pkg.dependencies).toEqual({'@docusaurus/core': '3.10.2'})
    } finally {
      await rm(scratch, {recursive: true, force: true})
    }
  })

  it("installs a monorepo site alone, with the monorepo's own packages its package.json or its config names taken from their folders", async () => {
    const scratch = await mkdtemp(join(tmpdir(), 'corpus-'))
    try {
      const site = {id: 'mono', repository: 'someone/mono', commit: 'a'.repeat(40), siteDir: 'website', oracleLocales: 'all' as const, covers: ['x']}
      const paths = sitePaths(scratch, site)
      const write = async (file: string, value: unknown) => {
        await mkdir(join(paths.repo, file, '..'), {recursive: true})
        await writeFile(join(paths.repo, file), typeof value === 'string' ? value : JSON.stringify(value))
      }
      await write('package.json', {private: true, workspaces: ['website', 'plugins/*', 'tools/linter']})
      await write('plugins/remark-badges/package.json', {name: '@mono/remark-badges'})
      await write('plugins/remark-unused/package.json', {name: '@mono/remark-unused'})
      await write('tools/linter/package.json', {name: '@mono/linter'})
      await write('website/package.json', {name: 'mono-website', devDependencies: {'@mono/linter': '*', '@docusaurus/core': '3.10.2'}})
      await write('website/docusaurus.config.ts', "import badges from '@mono/remark-badges';\nexport default {title: 'Mono'};\n")
      expect(await isolateFromWorkspaces(paths)).toEqual(['@mono/remark-badges', '@mono/linter'])
      const root = JSON.parse(await readFile(join(paths.repo, 'package.json'), 'utf8')) as Record<string, unknown>
      expect(root.workspaces).toBeUndefined()
      const pkg = JSON.parse(await readFile(join(paths.site, 'package.json'), 'utf8')) as Record<string, Record<string, string>>
      expect(pkg.dependencies).toEqual({'@mono/remark-badges': 'file:../plugins/remark-badges'})
      expect(pkg.devDependencies).toEqual({'@mono/linter': 'file:../tools/linter', '@docusaurus/core': '3.10.2'})
    } finally {
      await rm(scratch, {recursive: true, force: true})
    }
  })

  it("gives a site the dependencies its workspace root declares for it (the root's package.json holding Docusaurus), the site's own versions first", async () => {
    const scratch = await mkdtemp(join(tmpdir(), 'corpus-'))
    try {
      const site = {id: 'hoisted', repository: 'someone/hoisted', commit: 'b'.repeat(40), siteDir: 'website', oracleLocales: 'all' as const, covers: ['x']}
      const paths = sitePaths(scratch, site)
      await mkdir(paths.site, {recursive: true})
      await writeFile(
        join(paths.repo, 'package.json'),
        JSON.stringify({
          workspaces: ['./website'],
          devDependencies: {'@docusaurus/core': '^3.9.2', eslint: '^9.0.0'},
          dependencies: {react: '^19.2.0', clsx: '^2.1.1'},
        }),
      )
      await writeFile(join(paths.site, 'package.json'), JSON.stringify({name: 'site', dependencies: {clsx: '1.2.1'}}))
      expect(await isolateFromWorkspaces(paths)).toEqual([])
      const pkg = JSON.parse(await readFile(join(paths.site, 'package.json'), 'utf8')) as Record<string, Record<string, string>>
      expect(pkg.dependencies).toEqual({clsx: '1.2.1', react: '^19.2.0'})
      expect(pkg.devDependencies).toEqual({'@docusaurus/core': '^3.9.2', eslint: '^9.0.0'})
    } finally {
      await rm(scratch, {recursive: true, force: true})
    }
  })

  it("pins Docusaurus to the locked version, leaves out the manifest's packages and a guard refusing npm, and adds its overrides", async () => {
    const scratch = await mkdtemp(join(tmpdir(), 'corpus-'))
    try {
      const site = {
        id: 'guarded',
        repository: 'someone/guarded',
        commit: 'c'.repeat(40),
        siteDir: '.',
        oracleLocales: 'all' as const,
        covers: ['x'],
        withoutPackages: ['-'],
        npmOverrides: {webpack: '5.95.0'},
      }
      const paths = sitePaths(scratch, site)
      await mkdir(paths.site, {recursive: true})
      await writeFile(
        join(paths.site, 'package.json'),
        JSON.stringify({
          scripts: {preinstall: 'npx only-allow pnpm', build: 'docusaurus build'},
          dependencies: {'@docusaurus/core': '^3.1.1', '-': '^0.0.1', clsx: '^2.0.0'},
        }),
      )
      await writeFile(join(paths.site, 'package-lock.json'), JSON.stringify({packages: {'node_modules/@docusaurus/core': {version: '3.1.1'}}}))
      expect(await pinPackages(site, paths)).toBe('3.1.1')
      const pkg = JSON.parse(await readFile(join(paths.site, 'package.json'), 'utf8')) as Record<string, Record<string, string>>
      expect(pkg.scripts).toEqual({build: 'docusaurus build'})
      expect(pkg.dependencies).toEqual({'@docusaurus/core': '3.1.1', clsx: '^2.0.0', webpack: '5.95.0'})
      expect(pkg.overrides).toEqual({webpack: '5.95.0'})
    } finally {
      await rm(scratch, {recursive: true, force: true})
    }
  })

  it("reads the children's CPU seconds from bash's times", () => {
    expect(parseTimes('0m0.010s 0m0.002s\n2m3.500s 0m10.250s\n')).toBeCloseTo(133.75)
    expect(parseTimes('')).toBeNull()
  })
})

describe('the corpus table', () => {
  it('writes a row per site with its figures, and the errors below', () => {
    const table = corpusTable([
      {
        id: 'kites',
        repository: 'someone/kites',
        commit: 'a'.repeat(40),
        covers: [],
        locales: 'all',
        error: null,
        oracle: {commit: null, locales: 'all', docusaurusVersion: '3.9.2', seconds: 125, cpuSeconds: 210.4, installSeconds: 30, builtAt: ''},
        markdownFiles: 1234,
        importSeconds: 12,
        buildSeconds: 95,
        totals: {
          routes: {docusaurus: 10, both: 9},
          words: {reference: 1000, found: 999, pagesAtLeast99: 9, pagesCompared: 10},
          unconverted: 2,
          structure: {matched: 90, docusaurus: 100, ours: 95, pagesAtLeast99: 7, pagesCompared: 10},
          rawSource: 1,
          lineBreaks: {docusaurus: 0, ours: 4, extra: 4, missing: 0},
          brokenLinks: {docusaurus: 1, ours: 3},
        },
      },
      {id: 'broken', repository: 'someone/broken', commit: null, covers: [], locales: ['en'], error: 'Docusaurus build: exited with 1'},
    ])
    const lines = table.split('\n')
    expect(lines[2]).toBe(
      '| kites (someone/kites) | 3.9.2 | 1,234 | all | 10 | 9/10 | 92.3% | 7/10 | 99.9% | 9/10 | 1 | 2 | 4 | 1 / 3 | 12 s | 1 min 35 s | 2 min 05 s (210 CPU-s) |',
    )
    expect(lines[3]).toContain('| broken (someone/broken) | – |')
    expect(lines.at(-1)).toBe('- broken: Docusaurus build: exited with 1')
  })

  it('never rounds a loss up to 100%', () => {
    expect(percent(9999, 10000)).toBe('99.9%')
    expect(percent(10, 10)).toBe('100.0%')
    expect(percent(0, 0)).toBe('–')
  })
})
