import {describe, expect, it} from 'vitest'
import {
  bodyHeadings,
  buildSearchRecords,
  contextualFacetFilters,
  flattenRecord,
  searchableText,
  searchPageUrl,
  type SearchBodyBlock,
  type SearchSource,
} from '../index'
import {footnoteNotes} from '../records'

const text = (key: string, value: string, style = 'normal'): SearchBodyBlock => ({_type: 'block', _key: key, style, children: [{_type: 'span', text: value}]})

const body: SearchBodyBlock[] = [
  text('p0', 'Rooms are channels that sockets join and leave.'),
  {_type: 'heading', _key: 'h1', level: 2, text: 'Joining and `leaving`', anchor: null},
  text('p1', 'Call socket.join() to subscribe the socket to a room.'),
  {_type: 'admonition', _key: 'ad', title: 'Caveat', body: [text('ad1', 'Rooms exist only on the server.')]},
  {_type: 'codeBlock', _key: 'code', text: null},
  text('h2', 'Usage', 'h2'),
  text('h3', 'Broadcasting <script>alert(1)</script>', 'h3'),
  text('p3', 'Use io.to("room") &amp; friends.'),
  {_type: 'heading', _key: 'h4', level: 2, text: 'Pinned', anchor: 'usage-1'},
  text('h5', 'Usage', 'h2'),
  {_type: 'table', _key: 'tb', rows: [{cells: ['**Method**', 'Effect']}, {cells: ['`join`', 'adds']}]},
]

const source: SearchSource = {
  versions: [
    {path: 'v4', label: '4.x', isLast: true, mainDoc: 'index'},
    {path: 'v2', label: '2.x', isLast: false, mainDoc: 'index'},
  ],
  docs: [
    {version: 'v4', slug: 'rooms', doc: {_id: 'doc-v4-rooms', title: 'Rooms', description: 'About rooms', body}},
    {version: 'v4', slug: 'index', doc: {_id: 'doc-v4-index', title: 'Introduction', body: []}},
    {version: 'v2', slug: 'rooms', doc: {_id: 'doc-v2-rooms', title: 'Rooms', body: [text('x', 'Old rooms')]}},
    {version: 'v9', slug: 'ghost', doc: {_id: 'doc-v9', title: 'Ghost', body: []}},
  ],
  posts: [{slug: 'hello', post: {_id: 'post', title: 'Hello', description: null, body: [text('b', 'A post.')]}}],
  pages: [
    {path: 'get-started', page: {_id: 'p1', title: 'Get started', body: []}},
    {path: 'get-started/chat', page: {_id: 'p2', title: 'Chat', body: []}},
  ],
  releases: [{version: '4.8.1', release: {_id: 'r', title: null, summary: 'Fixes', body: []}}],
}

const records = buildSearchRecords(source, {locale: 'fr', urlPrefix: '/fr', labels: {blog: 'Blog', changelog: 'Journal', page: 'Socket.IO'}})
const rooms = records.filter((record) => record.url_without_anchor === '/fr/docs/v4/rooms/')

describe('buildSearchRecords', () => {
  it('makes a page record and one per heading, each holding the text under it, with the rendered anchors', () => {
    expect(rooms.map((record) => [record.type, record.anchor, record.hierarchy.lvl2, record.hierarchy.lvl3])).toEqual([
      ['lvl1', null, null, null],
      ['lvl2', 'joining-and-leaving', 'Joining and leaving', null],
      ['lvl2', 'usage', 'Usage', null],
      ['lvl3', 'broadcasting-scriptalert1script', 'Usage', 'Broadcasting <script>alert(1)</script>'],
      ['lvl2', 'usage-1', 'Pinned', null],
      ['lvl2', 'usage-2', 'Usage', null],
    ])
    // No address is shared by two records here: a heading and its text are one hit.
    expect(new Set(rooms.map((record) => record.url)).size).toBe(rooms.length)
    expect(rooms.map((record) => record.anchor).filter(Boolean)).toEqual(expect.arrayContaining(bodyHeadings(body).map((heading) => heading.anchor)))
  })

  it("gives a level-1 heading of a page's text a record of its own at the second level, under the page's title", () => {
    const withH1 = buildSearchRecords(
      {
        ...source,
        docs: [{version: 'v4', slug: 'api', doc: {_id: 'doc-v4-api', title: 'API', body: [text('a', 'Reference', 'h1'), text('b', 'Every method.')]}}],
      },
      {locale: 'fr', urlPrefix: '/fr', labels: {blog: 'Blog', changelog: 'Journal', page: 'Socket.IO'}},
    ).filter((record) => record.url_without_anchor === '/fr/docs/v4/api/')
    expect(withH1.map((record) => [record.type, record.anchor, record.hierarchy.lvl2, record.content])).toEqual([
      ['lvl1', null, null, null],
      ['lvl2', 'reference', 'Reference', 'Every method.'],
    ])
  })

  it('reads a footnote’s note at the end of the page, once per label, and nothing of it inside its sentence', () => {
    const note = (words: string) => [{_type: 'block', _key: 'n', children: [{_type: 'span', text: words}]}]
    const withNotes: SearchBodyBlock[] = [
      {
        _type: 'block',
        _key: 'a',
        children: [
          {_type: 'span', text: 'Kites fly'},
          {_type: 'footnote', _key: 'f1', label: 'wind', note: note('Above ten knots.')} as never,
          {_type: 'span', text: ' well.'},
        ],
      },
      {_type: 'heading', _key: 'h', level: 2, text: 'Lines', anchor: null},
      {
        _type: 'block',
        _key: 'b',
        children: [{_type: 'span', text: 'Spectra lines'}, {_type: 'footnote', _key: 'f2', label: 'wind'} as never, {_type: 'span', text: ' stretch little.'}],
      },
    ]
    expect(withNotes.map(searchableText)).toEqual(['Kites fly well.', 'Lines', 'Spectra lines stretch little.'])
    const kites = buildSearchRecords(
      {...source, docs: [{version: 'v4', slug: 'kites', doc: {_id: 'k', title: 'Kites', body: withNotes}}], posts: [], pages: [], releases: []},
      {locale: 'en', urlPrefix: '', labels: {blog: 'Blog', changelog: 'Changelog', page: 'Kites'}},
    )
    expect(kites.map((record) => record.content)).toEqual(['Kites fly well.', 'Spectra lines stretch little. Above ten knots.'])
  })

  it('reads the notes a table’s cells or a heading give their [^label] references at the end of the page, and no marker in the cell', () => {
    const note = (words: string) => [{_type: 'block', _key: 'n', children: [{_type: 'span', text: words}]}]
    const table: SearchBodyBlock = {
      _type: 'table',
      _key: 't',
      rows: [{cells: ['Delta', '30 m[^spool]']}],
      notes: [{_type: 'footnote', _key: 'tn', label: 'spool', note: note('On the small spool.')}],
    }
    const heading: SearchBodyBlock = {
      _type: 'heading',
      _key: 'h',
      level: 2,
      text: 'Tails[^tail]',
      anchor: 'tails',
      notes: [{_type: 'footnote', label: 'tail', note: note('Ribbons count.')}],
    }
    expect([table, heading].map(searchableText)).toEqual(['Delta 30 m', 'Tails'])
    expect(footnoteNotes([table, heading])).toEqual(['On the small spool.', 'Ribbons count.'])
  })

  it('finds the words of a table cell with a line break inside bold text', () => {
    expect(searchableText({_type: 'table', _key: 't', rows: [{cells: ['**one\ntwo** three']}]})).toBe('one\ntwo three')
  })

  it('keeps text as text (escaping is the renderer’s job) and leaves code out', () => {
    const joining = rooms.find((record) => record.anchor === 'joining-and-leaving')
    expect(joining?.content).toBe('Call socket.join() to subscribe the socket to a room. Caveat Rooms exist only on the server.')
    expect(rooms.find((record) => record.anchor === 'broadcasting-scriptalert1script')?.content).toBe('Use io.to("room") &amp; friends.')
    expect(rooms.find((record) => record.anchor === 'usage')?.content).toBeNull()
    expect(rooms.at(-1)?.content).toBe('Method Effect join adds')
  })

  it("finds the words of an imported site's component: its rendered text and its content, not its tags, scripts or marker", () => {
    const block: SearchBodyBlock = {
      _type: 'siteComponent',
      _key: 'c',
      markup: '<section class="plan"><h3>Team</h3><p>0.40&nbsp;per&#x20;million &amp; more</p>\u27e6content\u27e7<script>track()</script></section>',
      body: [text('c1', 'Email support included.')],
    }
    expect(searchableText(block)).toBe('Team 0.40 per million & more Email support included.')
    // Content given as props: at its slot markers, searched as the content's own words.
    const glossary: SearchBodyBlock = {
      _type: 'siteComponent',
      _key: 'g',
      markup: '<table><tr><th>Berth</th><td>\u27e6slot 0\u27e7</td></tr></table>',
      slots: [{body: [text('g1', 'Where a ship ties up.')]}],
    }
    expect(searchableText(glossary)).toBe('Berth Where a ship ties up.')
  })

  it('finds the words written inside an HTML table’s cells (its slots), not the kept HTML’s own text', () => {
    const block: SearchBodyBlock = {
      _type: 'rawHtml',
      _key: 'h',
      slots: [{body: [text('s1', 'Moored at the north pier.')]}, {body: []}],
    }
    expect(searchableText(block)).toBe('Moored at the north pier.')
    expect(searchableText({_type: 'rawHtml', _key: 'h2'})).toBe('')
  })

  it('gives urls, facets and priorities', () => {
    const page = rooms[0]
    // The page's hit shows its first paragraph; the description stands in for pages without one.
    expect(page).toMatchObject({
      url: '/fr/docs/v4/rooms/',
      content: 'Rooms are channels that sockets join and leave.',
      language: 'fr',
      version: 'v4',
      tags: ['doc', 'docs-v4'],
      hierarchy: {lvl0: '4.x', lvl1: 'Rooms'},
    })
    const urls = records.filter((record) => record.type === 'lvl1').map((record) => record.url)
    expect(urls).toEqual([
      '/fr/docs/v4/rooms/',
      '/fr/docs/v4/',
      '/fr/docs/v2/rooms/',
      '/fr/get-started/',
      '/fr/get-started/chat',
      '/fr/blog/hello/',
      '/fr/docs/v4/changelog/4.8.1',
    ])
    const old = records.find((record) => record.url === '/fr/docs/v2/rooms/')
    expect(old && page && old.item_priority < page.item_priority).toBe(true)
    expect(records.find((record) => record.url === '/fr/blog/hello/')).toMatchObject({version: null, tags: ['blog', 'default']})
    expect(records.find((record) => record.url.includes('changelog'))).toMatchObject({hierarchy: {lvl0: 'Journal', lvl1: '4.8.1'}, content: 'Fixes'})
  })

  it('gives stable, unique ids', () => {
    const ids = records.map((record) => record.objectID)
    expect(new Set(ids).size).toBe(ids.length)
    const again = buildSearchRecords(source, {locale: 'fr', urlPrefix: '/fr', labels: {blog: 'Blog', changelog: 'Journal', page: 'Socket.IO'}})
    expect(again.map((record) => record.objectID)).toEqual(ids)
  })

  it('cuts long paragraph groups into several records', () => {
    const long = Array.from({length: 12}, (_, index) => text(`l${index}`, `Sentence number ${index} about reconnection and buffering of events.`))
    const built = buildSearchRecords(
      {...source, docs: [{version: 'v4', slug: 'long', doc: {_id: 'l', title: 'Long', body: long}}], posts: [], pages: [], releases: []},
      {locale: 'en', urlPrefix: '', labels: {blog: 'Blog', changelog: 'Changelog', page: 'Site'}},
    )
    expect(built[0]?.content).toMatch(/^Sentence number 0/)
    const contents = built.filter((record) => record.type === 'content')
    expect(contents.length).toBeGreaterThan(0)
    for (const record of built) expect((record.content ?? '').length).toBeLessThanOrEqual(481)
  })

  it('addresses the records of any locale under the prefix it is given (a site with Spanish)', () => {
    const spanish = buildSearchRecords(source, {locale: 'es', urlPrefix: '/es', labels: {blog: 'Blog', changelog: 'Cambios', page: 'Sitio'}})
    expect(spanish.length).toBeGreaterThan(0)
    for (const record of spanish) {
      expect(record.language).toBe('es')
      expect(record.url.startsWith('/es/')).toBe(true)
    }
  })

  it('addresses the docs of a set of their own (community docs) under its path, labelled by it, never as the latest docs', () => {
    const withCommunity: SearchSource = {
      ...source,
      versions: [...source.versions, {path: 'community', urlPath: '', docsPath: 'community', label: 'Community', isLast: true, mainDoc: 'index'}],
      docs: [...source.docs, {version: 'community', slug: 'support', doc: {_id: 'doc-community-support', title: 'Getting help', body: []}}],
    }
    const built = buildSearchRecords(withCommunity, {locale: 'en', urlPrefix: '', labels: {blog: 'Blog', changelog: 'Changelog', page: 'Site'}})
    const support = built.find((record) => record.url === '/community/support/')
    expect(support).toMatchObject({version: 'community', hierarchy: {lvl0: 'Community'}})
    const latestRooms = built.find((record) => record.url === '/docs/v4/rooms/')
    // Ranked below the latest docs, as older versions are, even if its document says isLast.
    expect(Number(support?.item_priority)).toBeLessThan(Number(latestRooms?.item_priority))
    // The changelog still follows the site's latest version.
    expect(built.some((record) => record.url.startsWith('/docs/v4/changelog/4.8.1'))).toBe(true)
  })
})

describe('flattenRecord and filters', () => {
  it('uses flat hierarchy keys and leaves null fields out', () => {
    const flat = flattenRecord(rooms[0]!)
    expect(flat).toMatchObject({'hierarchy.lvl1': 'Rooms', url: '/fr/docs/v4/rooms/'})
    expect('hierarchy.lvl2' in flat).toBe(false)
    expect('anchor' in flat).toBe(false)
  })
  it('filters by locale and by the version read or the pages outside the docs', () => {
    expect(contextualFacetFilters('fr', 'v3')).toEqual([['language:fr'], ['tags:default', 'tags:docs-v3']])
    expect(searchPageUrl('', {kind: 'doc', docsPath: 'docs', version: 'v4', slug: 'index', mainDoc: 'index'})).toBe('/docs/v4/')
  })
})

describe('unlisted pages (Docusaurus unlisted: true)', () => {
  it('are never records, whatever their kind, while the listed ones of the same source are', () => {
    const withUnlisted: SearchSource = {
      ...source,
      docs: [
        ...source.docs,
        {version: 'v4', slug: 'internal', doc: {_id: 'doc-v4-internal', title: 'Internal notes', unlisted: true, body: [text('i', 'Only by address.')]}},
      ],
      posts: [...source.posts, {slug: 'beta', post: {_id: 'post-beta', title: 'Beta testers', unlisted: true, body: [text('b2', 'For the beta group.')]}}],
      pages: [...source.pages, {path: 'press-kit', page: {_id: 'p3', title: 'Press kit', unlisted: true, body: []}}],
    }
    const urls = new Set(
      buildSearchRecords(withUnlisted, {locale: 'fr', urlPrefix: '/fr', labels: {blog: 'Blog', changelog: 'Journal', page: 'Socket.IO'}}).map(
        (record) => record.url_without_anchor,
      ),
    )
    expect(urls).not.toContain('/fr/docs/v4/internal/')
    expect(urls).not.toContain('/fr/blog/beta/')
    expect(urls).not.toContain('/fr/press-kit')
    expect(urls).toEqual(new Set(records.map((record) => record.url_without_anchor)))
  })
})
