import {describe, expect, it} from 'vitest'
import {BENCH_HELP, parseBenchOptions} from '../options'

describe('bench options', () => {
  it('--help asks for the help, which names every option', () => {
    expect(parseBenchOptions(['--help']).help).toBe(true)
    expect(parseBenchOptions(['-h']).help).toBe(true)
    for (const option of [
      '--no-build',
      '--no-lighthouse',
      '--only search',
      '--only relevance',
      '--only publish',
      '--only preview',
      '--only serve',
      '--seconds',
      '--runs',
      '--scale',
      '--repeat',
      '--cold',
      '--site',
      '--docusaurus-cpu',
      '--verbose',
      '--json',
      '--help',
    ]) {
      expect(BENCH_HELP).toContain(option)
    }
  })

  it('--only relevance measures the relevance set alone, with or without a new import', () => {
    expect(parseBenchOptions(['--only', 'relevance'])).toMatchObject({relevanceOnly: true, searchOnly: false, publishOnly: false, build: true})
    expect(parseBenchOptions(['--only=relevance', '--no-build', '--json'])).toMatchObject({relevanceOnly: true, build: false, json: true})
  })

  it('--only serve measures the static server beside nginx, --seconds per URL', () => {
    expect(parseBenchOptions(['--only', 'serve'])).toMatchObject({serveOnly: true, seconds: 10})
    expect(parseBenchOptions(['--only=serve', '--seconds', '5'])).toMatchObject({serveOnly: true, seconds: 5})
    expect(() => parseBenchOptions(['--seconds', '5'])).toThrow(/--seconds goes with --only serve/)
    expect(() => parseBenchOptions(['--site', 'elsewhere', '--only', 'serve'])).toThrow(/--site does not go with --only serve/)
  })

  it('--only preview measures the preview’s update latency over --runs rounds', () => {
    expect(parseBenchOptions(['--only', 'preview', '--runs', '5'])).toMatchObject({previewOnly: true, publishOnly: false, runs: 5, build: true})
    expect(parseBenchOptions(['--only=preview', '--no-build'])).toMatchObject({previewOnly: true, build: false})
    expect(() => parseBenchOptions(['--only', 'preview', '--only', 'publish'])).toThrow(/--only is given once/)
    expect(() => parseBenchOptions(['--site', 'elsewhere', '--only', 'preview'])).toThrow(/--site does not go with --only preview/)
  })

  it('--docusaurus-cpu takes the CPU-seconds of a Docusaurus build of the same site, for the ratio of a build', () => {
    expect(parseBenchOptions(['--site', 'elsewhere', '--docusaurus-cpu', '442'])).toMatchObject({docusaurusCpuSeconds: 442, build: true})
    expect(parseBenchOptions(['--docusaurus-cpu=108.5'])).toMatchObject({docusaurusCpuSeconds: 108.5})
    expect(parseBenchOptions([])).toMatchObject({docusaurusCpuSeconds: null})
    expect(() => parseBenchOptions(['--docusaurus-cpu', 'fast'])).toThrow(/--docusaurus-cpu takes the CPU-seconds/)
    expect(() => parseBenchOptions(['--docusaurus-cpu', '0'])).toThrow(/--docusaurus-cpu takes the CPU-seconds/)
    expect(() => parseBenchOptions(['--docusaurus-cpu', '442', '--no-build'])).toThrow(/--docusaurus-cpu goes with a build of the site/)
    expect(() => parseBenchOptions(['--docusaurus-cpu', '442', '--only', 'publish'])).toThrow(/--docusaurus-cpu goes with a build of the site/)
  })

  it('refuses what it cannot do, saying what it takes', () => {
    expect(() => parseBenchOptions(['--only', 'everything'])).toThrow(
      /--only takes "search", "relevance", "publish", "preview", "serve", "publish-studio", not "everything"/,
    )
    expect(() => parseBenchOptions(['--only', 'search', '--only', 'relevance'])).toThrow(/--only is given once/)
    expect(() => parseBenchOptions(['--frobnicate'])).toThrow(/unknown argument "--frobnicate".*--help explains each/)
    expect(() => parseBenchOptions(['--scale', '2', '--only', 'relevance'])).toThrow(/--scale builds its own sites/)
    expect(() => parseBenchOptions(['--site', 'elsewhere', '--only', 'relevance'])).toThrow(/--site does not go with --only relevance/)
    expect(() => parseBenchOptions(['--runs', '0'])).toThrow(/--runs takes a whole number of at least 1/)
    expect(() => parseBenchOptions(['--cold'])).toThrow(/--cold goes with --scale/)
  })

  it('--cold builds each scaled site without the build cache', () => {
    expect(parseBenchOptions(['--scale', '4', '--cold'])).toMatchObject({scale: [4], cold: true})
  })

  it('keeps the defaults of a full bench', () => {
    expect(parseBenchOptions([])).toMatchObject({
      help: false,
      build: true,
      lighthouse: true,
      searchOnly: false,
      relevanceOnly: false,
      publishOnly: false,
      previewOnly: false,
      runs: 10,
      scale: [],
      repeat: 1,
      cold: false,
      site: null,
    })
  })
})
