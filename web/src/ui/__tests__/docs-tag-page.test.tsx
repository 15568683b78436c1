// One docs tag's page as Docusaurus lays it out: a header linking to every tag, then each doc as an
// entry of its own (its title as a heading, its description as a paragraph), not as a list item.
import {renderToStaticMarkup} from 'react-dom/server'
import {useLocalDataset} from '@site/content-source/fixture-dataset'
import {beforeAll, describe, expect, it, vi} from 'vitest'
import type {SiteContext, VersionInfo} from '../../site/context'
import type {DocsTag} from '../../site/docs-tags'

vi.mock('server-only', () => ({}))

let html = ''

beforeAll(async () => {
  useLocalDataset()
  const [{loadSiteContext}, {DocsTagPage}] = await Promise.all([import('../../site/context'), import('../docs-tags')])
  const context: SiteContext = await loadSiteContext('en')
  const version: VersionInfo | undefined = context.versions[0]
  if (!version) throw new Error('the fixture has no docs version')
  const tag: DocsTag = {
    label: 'Tides',
    permalink: 'tides',
    description: null,
    unlisted: false,
    docs: [
      {slug: 'high-water', title: 'High water', description: 'When the sea reaches the harbour wall, and for how long.'},
      {slug: 'low-water', title: 'Low water', description: null},
    ],
  } as unknown as DocsTag
  html = renderToStaticMarkup(<DocsTagPage context={context} version={version} tag={tag} />)
})

const text = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim()

describe('DocsTagPage', () => {
  it('links to the version’s tags page under the title', () => {
    const header = /<header class="tag-header">(.*?)<\/header>/.exec(html)?.[1] ?? ''
    expect(text(/<h1>(.*?)<\/h1>/.exec(header)?.[1] ?? '')).toBe('2 docs tagged with “Tides”')
    expect(header).toMatch(/<a href="\/docs\/[^"]*tags">View all tags<\/a>/)
  })

  it('shows each doc as an article with its title as a heading and its description as a paragraph, outside any list', () => {
    expect(html).not.toMatch(/<(ul|ol|li)[ >]/)
    const articles = [...html.matchAll(/<article>(.*?)<\/article>/g)].map((match) => match[1] ?? '')
    expect(articles.map((article) => text(/<h2>(.*?)<\/h2>/.exec(article)?.[1] ?? ''))).toEqual(['High water', 'Low water'])
    expect(articles.map((article) => text(/<p>(.*?)<\/p>/.exec(article)?.[1] ?? ''))).toEqual(['When the sea reaches the harbour wall, and for how long.', ''])
  })
})
