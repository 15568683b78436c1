// The scale bench's parts that need no build: steps of the web build, Next's phases, /proc parsing,
// measuring a real command, the report, and the comparison of pages between a site and its growth.
import {mkdtemp, mkdir, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {comparePages, withoutVersions} from '../compare-pages'
import {measureCommand, parsePss, parseStat, processLabel} from '../process-tree'
import {nextPhaseOf, scaleBenchTable, SCALE_STEPS, webBuildCommands, type ScaleRun} from '../scale'

const root = path.resolve(import.meta.dirname, '../../../..')
let temp = ''
afterAll(async () => {
  if (temp) await rm(temp, {recursive: true, force: true})
})

describe('the steps of the build', () => {
  it('maps every command of the web build script to a step', () => {
    const commands = webBuildCommands(root)
    expect(commands.map((command) => [command.label.split(' ').slice(-1)[0], command.step, Boolean(command.phaseOf)])).toEqual([
      ['src/build/prepare-export.ts', 'import', false],
      // next build compiles, then renders in a fresh process (web/src/build/build-stage.ts): only that one has phases.
      ['compile', 'compile', false],
      ['generate', 'compile', true],
      ['src/build/finalize-export.ts', 'finalize', false],
      ['src/build/seo-files.ts', 'finalize', false],
      ['src/build/search-index.ts', 'search index', false],
    ])
    expect(commands.every((command) => command.command.startsWith(path.join(root, 'node_modules/.bin/')))).toBe(true)
  })

  it("follows Next's output from compiling to rendering to finishing", () => {
    expect(nextPhaseOf('✓ Compiled successfully in 37.8s')).toBeNull()
    expect(nextPhaseOf('  Collecting page data using 2 workers ...')).toBeNull()
    expect(nextPhaseOf('  Generating static pages using 2 workers (0/855) ...')).toBe('render')
    expect(nextPhaseOf('  Generating static pages using 2 workers (427/855) ')).toBe('render')
    expect(nextPhaseOf('✓ Generating static pages using 2 workers (855/855) in 3.3min')).toBe('finalize')
    expect(nextPhaseOf('  Finalizing page optimization ...')).toBe('finalize')
  })
})

describe('measuring a command', () => {
  it('reads /proc/<pid>/stat, whose command name may hold spaces and parentheses', () => {
    const fields = ['S', '41', ...Array.from({length: 9}, () => '0'), '150', '50', '30', '20', ...Array.from({length: 6}, () => '0'), '2560']
    const stat = parseStat(`1234 (node (worker) x) ${fields.join(' ')}`)
    expect(stat).toMatchObject({pid: 1234, parent: 41})
    expect(stat?.cpuMs).toBeGreaterThan(0)
    expect(stat?.rssBytes).toBeGreaterThan(0)
  })

  it('counts the CPU of the children of a command, split by the phases its output announces', async () => {
    // A parent that busies itself, then starts a child that does the same: both are counted.
    // 400 ms of CPU, however busy the machine is.
    const spin = 'const start = process.cpuUsage(); let x = 0; do { for (let i = 0; i < 1e6; i++) x += i } while (process.cpuUsage(start).user < 400000)'
    const script = `${spin}; console.log('PHASE two'); require('node:child_process').execFileSync(process.execPath, ['-e', ${JSON.stringify(spin)}]);`
    const figures = await measureCommand(process.execPath, ['-e', script], {
      cwd: root,
      env: process.env,
      phase: 'one',
      phaseOf: (line) => (line === 'PHASE two' ? 'two' : null),
      intervalMs: 50,
    })
    const phases = Object.fromEntries(figures.phases.map((phase) => [phase.name, phase]))
    expect(figures.cpuMs).toBeGreaterThan(600)
    expect(phases.one?.cpuMs).toBeGreaterThan(250)
    expect(phases.two?.cpuMs).toBeGreaterThan(250)
    expect((phases.one?.cpuMs ?? 0) + (phases.two?.cpuMs ?? 0)).toBeCloseTo(figures.cpuMs, 0)
    // In the second phase, the child did most of the work, beside its waiting parent.
    expect(phases.two?.processCpuMs[0]).toBeGreaterThan(250)
    expect(figures.maxRssBytes).toBeGreaterThan(10 * 1024 * 1024)
    // Who held it: the parent (and, if sampled while it ran, the child), each with its RSS and PSS.
    expect(figures.peakProcesses.length).toBeGreaterThan(0)
    expect(figures.peakProcesses.reduce((sum, entry) => sum + entry.rssBytes, 0)).toBe(figures.maxRssBytes)
    expect(figures.maxPssBytes).toBeGreaterThan(0)
    expect(figures.maxPssBytes).toBeLessThanOrEqual(figures.maxRssBytes * 1.01)
  }, 60_000)

  it('names a process by its title, its script or its program', () => {
    expect(processLabel(['next-build (v16.4.6)                 '])).toBe('next-build (v16.4.6)')
    expect(processLabel(['/opt/node/bin/node', '/w/node_modules/next/dist/compiled/jest-worker/processChild.js'])).toBe('jest-worker/processChild.js')
    expect(
      processLabel([
        '/opt/node/bin/node',
        '--require',
        '/w/node_modules/tsx/dist/preflight.cjs',
        '--import',
        'file:///w/tsx/loader.mjs',
        'src/build/search-index.ts',
      ]),
    ).toBe('build/search-index.ts')
    expect(processLabel(['node', '/w/node_modules/.bin/next', 'build'])).toBe('next build')
    expect(processLabel(['/w/node_modules/@esbuild/linux-x64/bin/esbuild', '--service=0.28.2', '--ping'])).toBe('esbuild')
  })

  it('reads the proportional set size from /proc/<pid>/smaps_rollup', () => {
    expect(parsePss('00400000-7ffd [rollup]\nRss:    1628 kB\nPss:     243 kB\nPss_Dirty:   112 kB\n')).toBe(243 * 1024)
    expect(parsePss('Rss: 12 kB\n')).toBeNull()
  })

  it('fails with the output of a command that fails', async () => {
    await expect(
      measureCommand(process.execPath, ['-e', 'console.error("broken on purpose"); process.exit(3)'], {cwd: root, env: process.env, phase: 'one'}),
    ).rejects.toThrow(/exited with code 3:\nbroken on purpose/)
  })
})

describe('comparing a site with its growth', () => {
  const page = (versions: string[]) =>
    `<ul class="dropdown-menu">${versions.map((version) => `<li><a class="navbar-link" href="/docs/${version}/" data-version="${version}"><bdi>${version} (x)</bdi></a></li>`).join('')}</ul>` +
    `<a href="/docs/v4/server-api/" data-doc-versions="${versions
      .slice(1)
      .map((version) => `${version} /docs/${version}/server-api/`)
      .join('|')}">API</a>` +
    `<script type="application/json" id="search-props">{"versions":[${versions.map((version) => `{"path":"${version}","label":"${version} \\"q\\""}`).join(',')}],"x":1}</script>` +
    `<script type="application/json" id="site-config">{"versions":[${versions.map((version) => `"${version}"`).join(',')}]}</script>`

  it("takes out the added versions' entries, and nothing else", () => {
    expect(withoutVersions(page(['v4', 'v3', 'v204', 'v203']), ['v204', 'v203'])).toBe(page(['v4', 'v3']))
    expect(withoutVersions(page(['v4', 'v3']), ['v204'])).toBe(page(['v4', 'v3']))
    // A version whose path starts like an added one stays.
    expect(withoutVersions(page(['v4', 'v2040']), ['v204'])).toBe(page(['v4', 'v2040']))
  })

  it('lists the pages that differ and the ones missing', async () => {
    temp = await mkdtemp(path.join(tmpdir(), 'compare-pages-'))
    const write = async (dir: string, file: string, text: string) => {
      await mkdir(path.dirname(path.join(temp, dir, file)), {recursive: true})
      await writeFile(path.join(temp, dir, file), text)
    }
    await write('base', 'index.html', page(['v4', 'v3']))
    await write('base', 'blog/archive/index.html', '<li>post</li>')
    await write('base', 'docs/v4/gone/index.html', 'gone')
    await write('grown', 'index.html', page(['v4', 'v3', 'v204']))
    await write('grown', 'blog/archive/index.html', '<li>post</li><li>older post</li>')
    await write('grown', 'docs/v204/index.html', 'added')
    expect(await comparePages(path.join(temp, 'base'), path.join(temp, 'grown'), ['v204'])).toEqual({
      compared: 3,
      identical: 1,
      different: ['blog/archive/index.html'],
      missing: ['docs/v4/gone/index.html'],
      added: 1,
    })
  })
})

describe('the report', () => {
  const run = (factor: number, pages: number, renderCpu: number): ScaleRun => ({
    factor,
    pages,
    generateMs: 1000,
    wallMs: 100_000,
    cpuMs: pages * 100,
    steps: Object.fromEntries(
      SCALE_STEPS.map((step) => [step, {cpuMs: step === 'render' ? renderCpu : pages * 10, wallMs: step === 'render' ? 20_000 : 10_000}]),
    ) as ScaleRun['steps'],
    maxRssBytes: 900 * 1024 * 1024,
    maxRssPssBytes: 800 * 1024 * 1024,
    maxPssBytes: 820 * 1024 * 1024,
    maxProcessRssBytes: 500 * 1024 * 1024,
    peak: {
      step: 'render (next build)',
      processes: [
        {pid: 11, command: 'jest-worker/processChild.js', rssBytes: 500 * 1024 * 1024, pssBytes: 450 * 1024 * 1024},
        {pid: 10, command: 'next-build (v16.4.6)', rssBytes: 400 * 1024 * 1024, pssBytes: null},
      ],
    },
    renderCores: 1.9,
    renderParallelism: 1.98,
    maxRssByStep: Object.fromEntries(SCALE_STEPS.map((step) => [step, 600 * 1024 * 1024])) as ScaleRun['maxRssByStep'],
    otherCores: 0.5,
    loadBefore: 3,
    loadAfter: 4,
    addedVersionPaths: [],
  })

  it('prints each factor, the ratio to 1×, and the medians of repeated runs with their range', () => {
    const text = scaleBenchTable({
      machine: {cpus: 2, model: 'Test CPU', node: 'v22'},
      cold: true,
      factors: [1, 4],
      runs: [run(4, 4000, 200_000), run(1, 1000, 50_000), run(4, 4000, 240_000), run(1, 1000, 60_000)],
      comparison: {factor: 4, compared: 1000, identical: 998, different: ['blog/archive/index.html', 'blog/page/5/index.html'], missing: [], added: 3000},
    })
    expect(text).toContain('median of 2 builds')
    expect(text).toContain("each build without Turbopack's build cache")
    expect(text).toMatch(/ {4}render +55\.0 \(50\.0–60\.0\) +55\.0 \(50\.0–60\.0\) +1\.00×/)
    expect(text).toMatch(/ {2}pages +1000 +4000 +4\.00×/)
    expect(text).toContain('998 of 1000 identical, 2 different, 0 missing; 3000 pages added')
    // What max RSS means, and who held it at the peak.
    expect(text).toContain('sum of the resident sets of all processes of a build step')
    expect(text).toMatch(/4× at its max RSS \(900\.00 MB, during render \(next build\)\)/)
    expect(text).toMatch(/jest-worker\/processChild\.js +11 +500\.00 MB +450\.00 MB/)
    expect(text).toMatch(/next-build \(v16\.4\.6\) +10 +400\.00 MB +\?/)
  })
})
