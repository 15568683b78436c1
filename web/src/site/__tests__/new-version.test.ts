// A docs version added in the content alone (as the studio's "Cut a new version" leaves it once
// published) reaches the version list and the routes: no version is known to the code.
import {mkdtemp, readFile, rm, symlink, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest'
import {routeUrl, type Route} from '@site/schemas/routing'
import {FIXTURE_DATASET as FIXTURE} from '@site/content-source/fixture-dataset'

vi.mock('server-only', () => ({}))

let dir = ''
let listAllRoutes: typeof import('../all-routes').listAllRoutes
let loadSiteContext: typeof import('../context').loadSiteContext

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'web-new-version-'))
  const documents = (await readFile(path.join(FIXTURE, 'data.ndjson'), 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
  const v4 = documents.filter((document) => (document._type === 'doc' || document._type === 'sidebar') && document.version === 'v4')
  const v5 = v4.map((document) => ({...document, _id: String(document._id).replace(/^(doc|sidebar)-v4-/, '$1-v5-'), version: 'v5'}))
  const versions = documents.map((document) =>
    document._type === 'docsVersion' ? {...document, isLast: false, order: Number(document.order) + 1, banner: 'unmaintained'} : document,
  )
  const added = {_id: 'docsVersion-v5', _type: 'docsVersion', path: 'v5', label: '5.x', name: '5.x', isLast: true, order: 1, mainDoc: 'index', banner: 'none'}
  await writeFile(path.join(dir, 'data.ndjson'), [...versions, ...v5, added].map((document) => JSON.stringify(document)).join('\n') + '\n')
  for (const folder of ['images', 'files']) await symlink(path.join(FIXTURE, folder), path.join(dir, folder))
  vi.stubEnv('DATASET_DIR', dir)
  vi.stubEnv('SANITY_PROJECT_ID', '')
  vi.stubEnv('SANITY_DATASET', '')
  ;({listAllRoutes} = await import('../all-routes'))
  ;({loadSiteContext} = await import('../context'))
})

afterAll(async () => {
  if (dir) await rm(dir, {recursive: true, force: true})
})

describe('a docs version that only the content knows', () => {
  it('is in the version list, newest first, and is the latest', async () => {
    const context = await loadSiteContext('fr')
    expect(context.versions.map((version) => version.label)).toEqual(['5.x', '4.x', '3.x', '2.x'])
    expect(context.latest.path).toBe('v5')
    expect(context.versions.find((version) => version.path === 'v4')?.banner).toBe('unmaintained')
    expect(context.docSlugs.get('v5')).toEqual(context.docSlugs.get('v4'))
  })

  it('has its routes in every locale, the changelog under it, and the older version’s routes kept', async () => {
    const table = await (await import('../routing-table-loader')).loadRoutingTable()

    const urls = (await listAllRoutes()).map((route: Route) => routeUrl(table, route))
    for (const prefix of ['', '/fr', '/pt-br', '/zh-CN']) {
      expect(urls).toEqual(
        expect.arrayContaining([`${prefix}/docs/v5/`, `${prefix}/docs/v5/rooms/`, `${prefix}/docs/v4/rooms/`, `${prefix}/docs/v5/changelog/`]),
      )
      expect(urls).not.toContain(`${prefix}/docs/v4/changelog/`)
    }
  })
})
