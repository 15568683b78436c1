/**
 * The serve bench starts both servers over a release as the site image serves it (nginx with the
 * release's policy and redirects) and gets the expected answer for each URL it loads.
 */
import {execFileSync} from 'node:child_process'
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {nginxRedirects} from '@site/web/build/redirect-files'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {nginxBinary} from '../../local-nginx'
import {runServeBench, SERVE_BENCH_URLS, serveBenchTable} from '../static-server'

const repo = path.resolve(import.meta.dirname, '../../../..')
const nginx = nginxBinary()
if (!nginx) console.log('[serve-bench] nginx is not installed (apt-get install nginx): only the server of npm start is loaded')

const RELEASE_FILES: Record<string, string> = {
  'index.html': '<!DOCTYPE html><html><body><h1>Start</h1></body></html>',
  'docs/v4/rooms/index.html': `<!DOCTYPE html><html><body><h1>Rooms</h1><p>${'Joining and leaving rooms. '.repeat(40)}</p></body></html>`,
  '404.html': '<!DOCTYPE html><html><body><h1>Nothing here</h1></body></html>',
  '_search/en/docs-v4.json': JSON.stringify({records: [{title: 'Rooms', url: '/docs/v4/rooms/'}]}),
  '_site/page-policy.json': JSON.stringify({scriptHashes: [], connectSrc: [], imgSrc: [], frameSrc: []}),
  '_site/nginx-redirects.conf': nginxRedirects([{id: 'redirect-old-rooms', from: '/docs/v4/old-rooms', to: '/docs/v4/rooms/'}]),
}

let release: string
beforeAll(() => {
  release = mkdtempSync(path.join(tmpdir(), 'serve-bench-release-'))
  for (const [file, text] of Object.entries(RELEASE_FILES)) {
    mkdirSync(path.dirname(path.join(release, file)), {recursive: true})
    writeFileSync(path.join(release, file), text)
  }
  // nginx started as root runs its workers as another user: they must read the release.
  execFileSync('chmod', ['-R', 'a+rX', release])
})
afterAll(() => rmSync(release, {recursive: true, force: true}))

describe('npm run bench -- --only serve', () => {
  it('loads every URL from each server and gets the expected answers only', async () => {
    const report = await runServeBench({root: repo, out: release, seconds: 0.5, warmupSeconds: 0.2, connections: 2, progress: () => {}})
    const servers = nginx ? ['serve.ts (npm start)', 'nginx (deploy/nginx.conf)'] : ['serve.ts (npm start)']
    expect(report.rows.map((row) => `${row.server} ${row.url}`)).toEqual(
      servers.flatMap((server) => SERVE_BENCH_URLS.map((target) => `${server} ${target.url}`)),
    )
    for (const row of report.rows) {
      expect(row.figures.requests, `${row.server} ${row.url}`).toBeGreaterThan(0)
      expect(row.figures.unexpected + row.figures.errors, `${row.server} ${row.url}`).toBe(0)
    }
    expect(report.nginxSkipped === undefined).toBe(Boolean(nginx))
    expect(serveBenchTable(report)).toContain('after 0.2 s of warm-up')
  }, 60_000)
})
