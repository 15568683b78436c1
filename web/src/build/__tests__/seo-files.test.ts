// The blog's feeds as a feed reader reads them: the RSS 2.0 and Atom texts written through the `feed`
// library, decoded (entities, CDATA, Atom's type="html") back to what a reader shows.
import {beforeAll, describe, expect, it, vi} from 'vitest'
import {useLocalDataset} from '@site/content-source/fixture-dataset'
import type {FeedInfo} from '../seo-files'

vi.mock('server-only', () => ({}))

let feeds: typeof import('../seo-files')
let INFO: FeedInfo

beforeAll(async () => {
  useLocalDataset()
  const [module, loader] = await Promise.all([import('../seo-files'), import('../../site/routing-table-loader')])
  feeds = module
  INFO = {...POSTS, routing: await loader.loadRoutingTable()}
})

const POSTS: Omit<FeedInfo, 'routing'> = {
  siteUrl: 'https://example.org',
  locale: 'en',
  htmlLang: 'en-US',
  title: 'Example Blog',
  description: 'News & <releases>',
  posts: [
    {
      title: 'Rooms & <Namespaces> ]]> explained',
      href: '/blog/rooms/',
      date: '2024-07-30',
      description: 'Why <b>rooms</b> & namespaces',
      authors: ['Ada', 'Grace & Co'],
    },
    {title: 'Plain', href: '/blog/plain/', date: '2024-07-25T10:00:00Z', description: '', authors: []},
  ],
}

/** The text of an element's content as an XML parser gives it: CDATA sections kept as they are, entities decoded. */
function xmlText(raw: string): string {
  return raw
    .split(/(<!\[CDATA\[[\s\S]*?\]\]>)/)
    .map((part) =>
      part.startsWith('<![CDATA[')
        ? part.slice(9, -3)
        : part
            .replace(/&lt;/g, '<')
            .replace(/&gt;/g, '>')
            .replace(/&quot;/g, '"')
            .replace(/&apos;/g, "'")
            .replace(/&amp;/g, '&'),
    )
    .join('')
}

/** Every `<name …>text</name>` of an XML text, as [attributes, decoded text]. */
function elements(xml: string, name: string): Array<[string, string]> {
  return [...xml.matchAll(new RegExp(`<${name}((?:\\s[^>]*)?)>([\\s\\S]*?)</${name}>`, 'g'))].map((match) => [match[1] ?? '', xmlText(match[2] ?? '')])
}

/** What an Atom reader shows of a text construct: type="html" is markup again once decoded. */
function atomShown([attributes, text]: [string, string]): string {
  return /type="html"/.test(attributes) ? xmlText(text) : text
}

describe('the RSS 2.0 feed', () => {
  it('has the channel and each post: title, link, guid, date, description and authors as readers show them', () => {
    const rss = feeds.rssFeed(INFO)
    expect(rss).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<rss version="2.0"/)
    const channel = rss.slice(0, rss.indexOf('<item>'))
    expect(elements(channel, 'title')[0]?.[1]).toBe('Example Blog')
    expect(elements(channel, 'link')[0]?.[1]).toBe('https://example.org/blog')
    expect(elements(channel, 'description')[0]?.[1]).toBe('News & <releases>')
    expect(elements(channel, 'language')[0]?.[1]).toBe('en-US')
    expect(channel).toContain('<atom:link href="https://example.org/blog/rss.xml" rel="self" type="application/rss+xml"/>')
    expect(elements(rss, 'item')).toHaveLength(2)
    const [first, second] = [...rss.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((match) => match[1] ?? '')
    expect(rss).toContain('<title><![CDATA[Rooms & <Namespaces> ]]]]><![CDATA[> explained]]></title>')
    expect(elements(rss, 'title').map(([, text]) => text)).toEqual(['Example Blog', 'Rooms & <Namespaces> ]]> explained', 'Plain'])
    expect(
      elements(rss, 'link')
        .map(([, text]) => text)
        .slice(1),
    ).toEqual(['https://example.org/blog/rooms/', 'https://example.org/blog/plain/'])
    expect(elements(rss, 'guid').map(([, text]) => text)).toEqual(['https://example.org/blog/rooms/', 'https://example.org/blog/plain/'])
    expect(elements(rss, 'pubDate').map(([, text]) => text)).toEqual(['Tue, 30 Jul 2024 00:00:00 GMT', 'Thu, 25 Jul 2024 10:00:00 GMT'])
    expect(first).toContain('<description><![CDATA[Why <b>rooms</b> & namespaces]]></description>')
    expect(elements(rss, 'dc:creator')).toEqual([[' xmlns:dc="http://purl.org/dc/elements/1.1/"', 'Ada, Grace & Co']])
    // No description, no authors: nothing empty is written.
    expect(second).not.toContain('<description>')
    expect(second).not.toContain('creator')
  })

  it('is dated by its newest post, so that a rebuild without a new post writes the same bytes', () => {
    expect(elements(feeds.rssFeed(INFO), 'lastBuildDate')[0]?.[1]).toBe('Tue, 30 Jul 2024 00:00:00 GMT')
    expect(feeds.rssFeed(INFO)).toBe(feeds.rssFeed(INFO))
  })
})

describe('the Atom feed', () => {
  it('has the feed, its language and each entry with its link, date, summary and authors as readers show them', () => {
    const atom = feeds.atomFeed(INFO)
    expect(atom).toContain('<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en-US">')
    expect(elements(atom, 'id').map(([, text]) => text)).toEqual([
      'https://example.org/blog',
      'https://example.org/blog/rooms/',
      'https://example.org/blog/plain/',
    ])
    expect(atom).toContain('<link rel="self" href="https://example.org/blog/atom.xml"/>')
    expect(atom).toContain('<link href="https://example.org/blog/rooms/"/>')
    expect(elements(atom, 'subtitle')[0]?.[1]).toBe('News & <releases>')
    expect(elements(atom, 'updated').map(([, text]) => text)).toEqual(['2024-07-30T00:00:00.000Z', '2024-07-30T00:00:00.000Z', '2024-07-25T10:00:00.000Z'])
    expect(elements(atom, 'title').map(atomShown)).toEqual(['Example Blog', 'Rooms & <Namespaces> ]]> explained', 'Plain'])
    expect(elements(atom, 'summary').map(atomShown)).toEqual(['Why <b>rooms</b> & namespaces'])
    expect(elements(atom, 'name').map(([, text]) => text)).toEqual(['Ada', 'Grace & Co'])
  })

  it('without posts is dated at the epoch and has no entries', () => {
    const atom = feeds.atomFeed({...INFO, posts: []})
    expect(elements(atom, 'updated').map(([, text]) => text)).toEqual(['1970-01-01T00:00:00.000Z'])
    expect(atom).not.toContain('<entry>')
  })
})

it('refuses a title the library cannot write, naming the post', () => {
  const post = {...INFO.posts[1], title: 'a ]]> b ]]> c', href: '/blog/odd/', date: '2024-01-01', description: '', authors: []}
  expect(() => feeds.rssFeed({...INFO, posts: [post]})).toThrow('The title of /blog/odd/ contains "]]>" more than once')
})
