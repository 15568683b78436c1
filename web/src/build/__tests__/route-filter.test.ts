// The route list of a build: every address checked once, and the keys an incremental publish hands
// the generate step turned back into the same path segments.
import type {Route} from '@site/schemas/routing'
import {routeSegments} from '@site/schemas/routing'
import {describe, expect, it} from 'vitest'
import {testRoutingTable} from '../../site/__tests__/routing-fixture'
import {keySegments, routeKey, routeParams} from '../route-filter'

const TABLE = testRoutingTable()

const ROUTES: Route[] = [
  {kind: 'home', locale: 'en'},
  {kind: 'home', locale: 'fr'},
  {kind: 'doc', locale: 'en', version: 'v4', slug: 'rooms'},
  {kind: 'doc', locale: 'zh-CN', version: 'v3', slug: 'adapters/redis'},
  {kind: 'release', locale: 'pt-br', version: 'v4', release: '4.8.1'},
  {kind: 'blogTag', locale: 'en', tag: 'engine-io', page: 3},
  {kind: 'blogAuthor', locale: 'fr', author: 'team/emma', page: 2},
  {kind: 'page', locale: 'en', path: 'how-to/use-with-react', index: false},
  {kind: 'page', locale: 'fr', path: 'get-started', index: true},
  {kind: 'search', locale: 'zh-CN'},
  {kind: 'notFound', locale: 'pt-br'},
]

describe('routeParams', () => {
  it('gives each route the segments of its address', () => {
    expect(routeParams(TABLE, ROUTES)).toEqual(ROUTES.map((route) => routeSegments(TABLE, route)))
  })

  it('refuses two routes at one address, naming both kinds', () => {
    const page: Route = {kind: 'page', locale: 'en', path: 'search', index: false}
    expect(() =>
      routeParams(TABLE, [
        {kind: 'search', locale: 'en'},
        {...page, path: 'guide'},
        {...page, path: 'guide'},
      ]),
    ).toThrow('Two routes have the address /guide: page and page')
  })

  it('refuses a route that another kind shadows, naming both', () => {
    const shadowed: Route = {kind: 'page', locale: 'en', path: 'search', index: false}
    expect(() => routeParams(TABLE, [shadowed])).toThrow('The page route /search is shadowed by the search route with the same address')
  })
})

describe('keySegments', () => {
  it('is the inverse of routeKey for every kind of address, the home page included', () => {
    for (const segments of routeParams(TABLE, ROUTES)) expect(keySegments(routeKey(segments))).toEqual(segments)
  })

  it('makes the home page of the default locale no segments at all', () => {
    expect(keySegments('')).toEqual([])
  })
})
