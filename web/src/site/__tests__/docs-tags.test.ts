// The docs' tag pages (addresses, and the tags of the docs a locale shows), and the doc page's
// displayed sidebar and previous/next labels.
import {describe, expect, it, vi} from 'vitest'
import * as urls from '@site/schemas/routing'
import type {Route, RoutingTable} from '@site/schemas/routing'
import {type SidebarItem, displayedSidebar, withPaginationLabel} from '../docs'
import {docsTags} from '../docs-tags'
import {testRoutingTable} from './routing-fixture'

let table: RoutingTable = testRoutingTable()
const useTestRoutingTable = (overrides?: Parameters<typeof testRoutingTable>[0]) => {
  table = testRoutingTable(overrides)
}
const routeUrl = (route: Route) => urls.routeUrl(table, route)
const routeSegments = (route: Route) => urls.routeSegments(table, route)
const parseRoute = (segments: readonly string[]) => urls.parseRoute(table, segments)

// docs.ts reaches the content source, whose token module is server-only; nothing here reads it.
vi.mock('server-only', () => ({}))

describe('docs tag routes', () => {
  it('serves /docs/<version>/tags and /docs/<version>/tags/<tag> in every locale, for versions whose docs have tags', () => {
    useTestRoutingTable({docTagVersions: ['v4']})
    expect(routeUrl({kind: 'docsTags', locale: 'en', version: 'v4'})).toBe('/docs/v4/tags')
    expect(routeUrl({kind: 'docsTag', locale: 'fr', version: 'v4', tag: 'temps-réel'})).toBe('/fr/docs/v4/tags/temps-réel')
    for (const route of [
      {kind: 'docsTags', locale: 'zh-CN', version: 'v4'},
      {kind: 'docsTag', locale: 'pt-br', version: 'v4', tag: 'rooms'},
    ] as const) {
      expect(parseRoute(routeSegments(route))).toEqual(route)
    }
    expect(parseRoute(['fr', 'docs', 'v4', 'tags', 'temps-r%C3%A9el'])).toEqual({locale: 'fr', kind: 'docsTag', version: 'v4', tag: 'temps-réel'})
    // Deeper paths under tags are docs, as Docusaurus has no such tag page.
    expect(parseRoute(['docs', 'v4', 'tags', 'rooms', 'more'])).toEqual({locale: 'en', kind: 'doc', version: 'v4', slug: 'tags/rooms/more'})
  })

  it('leaves /tags to the docs of a version whose docs have no tags (a doc may have that slug)', () => {
    useTestRoutingTable({docTagVersions: ['v4']})
    expect(parseRoute(['docs', 'v3', 'tags'])).toEqual({locale: 'en', kind: 'doc', version: 'v3', slug: 'tags'})
  })

  it('puts the tag pages under the version’s base path, wherever the docs are served', () => {
    useTestRoutingTable({docTagVersions: ['v4', 'v3'], docsPath: '', versions: [{path: 'v4', urlPath: ''}, 'v3']})
    expect(routeUrl({kind: 'docsTags', locale: 'en', version: 'v4'})).toBe('/tags')
    expect(routeUrl({kind: 'docsTag', locale: 'fr', version: 'v3', tag: 'rooms'})).toBe('/fr/v3/tags/rooms')
    expect(parseRoute(['tags', 'rooms'])).toEqual({locale: 'en', kind: 'docsTag', version: 'v4', tag: 'rooms'})
    useTestRoutingTable({docTagVersions: ['v4'], docsPath: 'api/docs'})
    expect(routeUrl({kind: 'docsTags', locale: 'en', version: 'v4'})).toBe('/api/docs/v4/tags')
  })
})

describe('docsTags', () => {
  const rows = [
    {slug: 'rooms', language: 'en', title: 'Rooms', description: 'Join and leave rooms.', tags: ['Real time', 'Rooms']},
    {slug: 'rooms', language: 'fr', title: 'Salles', description: 'Rejoindre une salle.', tags: ['Temps réel', 'Rooms']},
    {slug: 'adapters', language: 'en', title: 'Adapters', tags: ['real-time', 'Scaling']},
    {slug: 'draft-notes', language: 'en', title: 'Notes', unlisted: true, tags: ['Scaling', 'Internal']},
    {slug: 'intro', language: 'en', title: 'Intro', tags: null},
  ]

  it('lists the tags of the docs a locale shows (its translation, else the source), by label, each with its docs by title', () => {
    const english = docsTags(rows, 'en', null)
    expect(english.map((tag) => [tag.label, tag.permalink, tag.docs.map((doc) => doc.title), tag.unlisted])).toEqual([
      ['Internal', 'internal', ['Notes'], true],
      // "Real time" and "real-time" share an address: one tag.
      ['Real time', 'real-time', ['Adapters', 'Rooms'], false],
      ['Rooms', 'rooms', ['Rooms'], false],
      // An unlisted doc is left out of a tag that listed docs have.
      ['Scaling', 'scaling', ['Adapters'], false],
    ])
    const french = docsTags(rows, 'fr', null)
    expect(french.map((tag) => [tag.label, tag.docs.map((doc) => doc.title)])).toEqual([
      ['Internal', ['Notes']],
      ['real-time', ['Adapters']],
      ['Rooms', ['Salles']],
      ['Scaling', ['Adapters']],
      ['Temps réel', ['Salles']],
    ])
  })

  it('gives a tag of the site settings its own address and description', () => {
    const tags = docsTags(rows, 'fr', [{label: 'Temps réel', permalink: 'real-time', description: [{language: 'fr', value: 'Les messages en direct.'}]}])
    const realTime = tags.find((tag) => tag.permalink === 'real-time')
    expect(realTime?.docs.map((doc) => doc.slug).sort()).toEqual(['adapters', 'rooms'])
    expect(realTime?.description).toEqual([{language: 'fr', value: 'Les messages en direct.'}])
  })
})

describe('the doc page’s sidebar and previous/next labels', () => {
  const doc = (slug: string): SidebarItem => ({type: 'doc', key: slug, label: slug, href: `/docs/v4/${slug}/`, slug, className: null, unlisted: false})
  const sidebars = [
    {id: 'guide', items: [doc('intro'), doc('rooms')]},
    {id: 'api', items: [doc('server-api')]},
  ]

  it('shows the sidebar that lists the doc, the one it names (also when none lists it), or none', () => {
    expect(displayedSidebar(sidebars, '/docs/v4/rooms/', null)?.id).toBe('guide')
    expect(displayedSidebar(sidebars, '/docs/v4/rooms/', {displayedSidebar: 'api'})?.id).toBe('api')
    expect(displayedSidebar(sidebars, '/docs/v4/glossary/', {displayedSidebar: 'api'})?.id).toBe('api')
    expect(displayedSidebar(sidebars, '/docs/v4/glossary/', null)).toBeUndefined()
    expect(displayedSidebar(sidebars, '/docs/v4/rooms/', {hideSidebar: true, displayedSidebar: 'api'})).toBeUndefined()
    // A name of no sidebar (an editor's typo) is read as no name.
    expect(displayedSidebar(sidebars, '/docs/v4/rooms/', {displayedSidebar: 'missing'})?.id).toBe('guide')
  })

  it('names a neighbour by its pagination_label when it has one', () => {
    const labels = new Map([['/docs/v4/rooms/', 'Rooms in depth']])
    expect(withPaginationLabel({label: 'Rooms', href: '/docs/v4/rooms/'}, labels)).toEqual({label: 'Rooms in depth', href: '/docs/v4/rooms/'})
    expect(withPaginationLabel({label: 'Intro', href: '/docs/v4/intro/'}, labels)).toEqual({label: 'Intro', href: '/docs/v4/intro/'})
    expect(withPaginationLabel(null, labels)).toBeNull()
  })
})
