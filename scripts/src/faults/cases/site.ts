/**
 * Faults of the site and its publication: a rebuild while the site is served (tools/run.sh), a failed
 * one, a publish on a full disk and after a killed one (deploy/publish-site.sh), dangerous link schemes
 * in the export (the link check), an SVG with scripts and an injected inline script in a browser.
 */
import {execFile} from 'node:child_process'
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import type {AddressInfo} from 'node:net'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {promisify} from 'node:util'
import {chromium} from '@playwright/test'
import {chromiumLaunchOptions, chromiumMissingReason} from '@site/test-support/chromium'
import {checkLinks} from '../../check-links'
import {createStaticServer} from '../../serve'
import type {FaultCase} from '../fault-case'
import {publishOnFullDisk} from '../full-disk'
import {createRebuildProject, distinctAnswers} from '../rebuild-project'

const repo = path.resolve(import.meta.dirname, '../../../..')
const run = promisify(execFile)
const noChromium = chromiumMissingReason

/** Opens pages of a small export served by serve.ts in Chromium and reports what `probe` reads in each. */
async function inBrowser(files: Record<string, string>, visits: Array<{path: string; probe: string}>): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'fault-browser-'))
  for (const [file, text] of Object.entries({
    '_site/page-policy.json': JSON.stringify({scriptHashes: [], connectSrc: [], imgSrc: [], frameSrc: []}),
    ...files,
  })) {
    mkdirSync(path.dirname(path.join(dir, file)), {recursive: true})
    writeFileSync(path.join(dir, file), text)
  }
  const server = createStaticServer({dir})
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const browser = await chromium.launch(chromiumLaunchOptions)
  try {
    const page = await browser.newPage()
    const seen: string[] = []
    for (const visit of visits) {
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}${visit.path}`)
      await page.waitForTimeout(300)
      seen.push(String(await page.evaluate(visit.probe)))
    }
    return seen
  } finally {
    await browser.close()
    await new Promise((resolve) => server.close(resolve))
    rmSync(dir, {recursive: true, force: true})
  }
}

const EVIL_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8" onload="document.documentElement.setAttribute('data-onload','ran')"><script>document.documentElement.setAttribute('data-script','ran')</script></svg>`
const MARKS = "[document.documentElement.getAttribute('data-script'), document.documentElement.getAttribute('data-onload')].filter(Boolean).length"

export const SITE_CASES: FaultCase[] = [
  {
    name: 'rebuild (tools/run.sh build) while npm start serves the site',
    expected: 'every answer 200: the old site, then the new one',
    run: async () => {
      const project = await createRebuildProject('old site')
      try {
        const answers = await project.pollDuring(project.build({FAKE_SITE: 'new site'}))
        const distinct = distinctAnswers(answers)
        return distinct.join(',') === '200 old site,200 new site' ? 'every answer 200: the old site, then the new one' : `answers: ${distinct.join(', ')}`
      } finally {
        await project.close()
      }
    },
  },
  {
    name: 'rebuild that fails half-way while the site is served',
    expected: 'every answer 200 with the old site; the failed build removed',
    run: async () => {
      const project = await createRebuildProject('old site')
      try {
        const before = project.builds()
        const answers = await project.pollDuring(project.build({FAKE_SITE: 'half', FAKE_BUILD_FAILS: '1'}))
        const distinct = distinctAnswers(answers)
        const removed = project.builds().join() === before.join()
        return `${distinct.join(',') === '200 old site' ? 'every answer 200 with the old site' : `answers: ${distinct.join(', ')}`}; ${removed ? 'the failed build removed' : 'the failed build left behind'}`
      } finally {
        await project.close()
      }
    },
  },
  {
    name: 'two builds at once (an operator’s npm run build while another runs)',
    expected: 'every answer 200: the old site, then the first build, then the second (started last, served last)',
    run: async () => {
      const project = await createRebuildProject('old site')
      try {
        // The first reads its content (FAKE_SITE) at its start and takes 2.5 s; the second starts 0.3 s later, with newer content.
        const first = project.build({FAKE_SITE: 'first build', FAKE_PAGE_SECONDS: '0.5'})
        await new Promise((resolve) => setTimeout(resolve, 300))
        const second = project.build({FAKE_SITE: 'second build'})
        const answers = await project.pollDuring(Promise.all([first, second]))
        const exits = (await Promise.all([first, second])).map((result) => result.code)
        const distinct = distinctAnswers(answers)
        return distinct.join(',') === '200 old site,200 first build,200 second build' && exits.every((code) => code === 0)
          ? 'every answer 200: the old site, then the first build, then the second (started last, served last)'
          : `answers: ${distinct.join(', ')}; exits ${exits.join(', ')}`
      } finally {
        await project.close()
      }
    },
  },
  {
    name: 'publish (deploy/publish-site.sh) on a full disk, then with space back',
    expected: 'fails, old release served, no partial copy; next publish served',
    run: async () => {
      const outcome = await publishOnFullDisk()
      const failed = outcome.exit.whileFull !== 0 && outcome.served.whileFull === 'site A'
      const clean = outcome.leftovers.whileFull.length === 0 && outcome.leftovers.spaceBack.length === 0
      const back = outcome.exit.spaceBack === 0 && outcome.served.spaceBack === 'site B'
      return `${failed ? 'fails, old release served' : `exit ${outcome.exit.whileFull}, served ${outcome.served.whileFull}`}, ${clean ? 'no partial copy' : `left ${[...outcome.leftovers.whileFull, ...outcome.leftovers.spaceBack].join(' ')}`}; ${back ? 'next publish served' : 'next publish failed'}${outcome.mode === 'tmpfs' ? '' : ` (${outcome.mode})`}`
    },
  },
  {
    name: 'publish after one that was killed mid-copy',
    expected: 'the leftover copy and link removed; new release served',
    run: async () => {
      const releases = mkdtempSync(path.join(tmpdir(), 'fault-releases-'))
      const site = mkdtempSync(path.join(tmpdir(), 'fault-site-'))
      try {
        writeFileSync(path.join(site, 'index.html'), 'new release')
        mkdirSync(path.join(releases, 'releases', '20260101T000000Z-webhook-9.tmp'), {recursive: true})
        symlinkSync('releases/gone', path.join(releases, '.current-9'))
        await run('sh', [path.join(repo, 'deploy/publish-site.sh'), site], {env: {...process.env, SITE_RELEASES_DIR: releases}})
        const leftovers = [
          ...readdirSync(path.join(releases, 'releases')).filter((name) => name.endsWith('.tmp')),
          ...readdirSync(releases).filter((name) => name.startsWith('.current-')),
        ]
        return `${leftovers.length === 0 ? 'the leftover copy and link removed' : `left ${leftovers.join(' ')}`}; ${readFileSync(path.join(releases, 'current', 'index.html'), 'utf8') === 'new release' ? 'new release served' : 'new release not served'}`
      } finally {
        rmSync(releases, {recursive: true, force: true})
        rmSync(site, {recursive: true, force: true})
      }
    },
  },
  {
    name: 'javascript:, data: and vbscript: addresses in the exported HTML',
    expected: 'the link check reports 4 and exits 1',
    run: async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'fault-links-'))
      try {
        writeFileSync(
          path.join(dir, 'index.html'),
          '<a href="javascript:alert(1)">a</a><a href="vbscript:msgbox(1)">b</a><img src="data:image/svg+xml,&lt;svg onload=alert(1)&gt;" alt=""><a href=" java&#9;script:alert(2)">c</a><a href="mailto:a@example.com">m</a>',
        )
        const {broken} = await checkLinks(dir)
        const exit = await run(process.execPath, ['--import', 'tsx', path.join(repo, 'scripts/src/check-links.ts'), dir]).then(
          () => 0,
          (error: {code?: number}) => error.code ?? 1,
        )
        return `the link check reports ${broken.length} and exits ${exit}`
      } finally {
        rmSync(dir, {recursive: true, force: true})
      }
    },
  },
  {
    name: 'an SVG with a script and an onload handler, from content, opened on its own',
    expected: 'no script ran (dataset image, static SVG)',
    skipReason: noChromium,
    run: async () => {
      const ran = await inBrowser({'_dataset/images/0123456789abcdef0123456789abcdef01234567-8x8.svg': EVIL_SVG, 'images/x.svg': EVIL_SVG}, [
        {path: '/_dataset/images/0123456789abcdef0123456789abcdef01234567-8x8.svg', probe: MARKS},
        {path: '/images/x.svg', probe: MARKS},
      ])
      return ran.every((count) => count === '0') ? 'no script ran (dataset image, static SVG)' : `scripts ran: ${ran.join(', ')}`
    },
  },
  {
    name: 'a script injected into a page (not one of the hashed inline scripts)',
    expected: 'the hashed script ran, the injected one did not',
    skipReason: noChromium,
    run: async () => {
      const allowed = "document.documentElement.setAttribute('data-allowed','ran')"
      const {createHash} = await import('node:crypto')
      const hash = `'sha256-${createHash('sha256').update(allowed).digest('base64')}'`
      const [result = ''] = await inBrowser(
        {
          'index.html': `<!DOCTYPE html><html><head><script>${allowed}</script><script>document.documentElement.setAttribute('data-injected','ran')</script></head><body></body></html>`,
          '_site/page-policy.json': JSON.stringify({scriptHashes: [hash], connectSrc: [], imgSrc: [], frameSrc: []}),
        },
        [{path: '/', probe: "[document.documentElement.getAttribute('data-allowed'), document.documentElement.getAttribute('data-injected')].join(',')"}],
      )
      return result === 'ran,' ? 'the hashed script ran, the injected one did not' : `allowed,injected = ${result}`
    },
  },
]
