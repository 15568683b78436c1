// The blog's pages as Docusaurus lays them out: the archive (a year's posts oldest first with their
// month and day), the authors page (an author's number of posts beside, not inside, their name) and
// the list (the byline and "Read more" are not paragraphs of the post).
import type {ReactNode} from 'react'
import {renderToReadableStream, renderToStaticMarkup} from 'react-dom/server'
import {beforeAll, describe, expect, it, vi} from 'vitest'
import type {BlogPostSummary} from '../../site/blog'
import type {BlogAuthor} from '../../site/blog-authors'
import type {SiteContext} from '../../site/context'
import {FIXTURE_DATASET as FIXTURE} from '@site/content-source/fixture-dataset'

vi.mock('server-only', () => ({}))

const post = (slug: string, date: string, title: string) =>
  ({slug, date, title, href: `/blog/${slug}/`, unlisted: false, row: {post: {authors: []}}}) as unknown as BlogPostSummary

// Newest first, as the blog loads them; two posts share a date.
const POSTS = [
  post('kite-season', '2023-09-14', 'Kite season opens'),
  post('spring-tides', '2023-03-02', 'Notes on spring tides'),
  post('harbour-map', '2023-03-02', 'A new harbour map'),
  post('first-light', '2021-12-01', 'First light at the pier'),
]

let context: SiteContext
let blog: typeof import('../blog')
let blogData: typeof import('../../site/blog')

beforeAll(async () => {
  vi.stubEnv('DATASET_DIR', FIXTURE)
  vi.stubEnv('SANITY_PROJECT_ID', '')
  vi.stubEnv('SANITY_DATASET', '')
  const [{loadSiteContext}, ui, data] = await Promise.all([import('../../site/context'), import('../blog'), import('../../site/blog')])
  context = await loadSiteContext('en')
  blog = ui
  blogData = data
})

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim()

describe('groupByYear', () => {
  it('lists the years newest first and a year’s posts oldest first, posts of one date in the reverse of their given order', () => {
    const groups = blogData.groupByYear(POSTS)
    expect(groups.map((group) => group.year)).toEqual(['2023', '2021'])
    expect(groups[0]?.posts.map((item) => item.slug)).toEqual(['harbour-map', 'spring-tides', 'kite-season'])
  })
})

describe('BlogArchivePage', () => {
  it('shows each post as its month and day, a hyphen and its title, under its year', () => {
    const html = renderToStaticMarkup(<blog.BlogArchivePage context={context} posts={POSTS} />)
    const items = [...html.matchAll(/<li>(.*?)<\/li>/g)].map((match) => text(match[1] ?? ''))
    expect(items).toEqual([
      'March 2 - A new harbour map',
      'March 2 - Notes on spring tides',
      'September 14 - Kite season opens',
      'December 1 - First light at the pier',
    ])
    // The full date stays machine-readable.
    expect(html).toContain('<time dateTime="2023-03-02">March 2</time>')
  })

  it('gives the years as h3 under an h2 only screen readers read, as Docusaurus shows them right under the title', () => {
    const html = renderToStaticMarkup(<blog.BlogArchivePage context={context} posts={POSTS} />)
    const headings = [...html.matchAll(/<(h[1-3])( class="visually-hidden")?[^>]*>(.*?)<\/h[1-3]>/g)].map(
      (match) => `${match[1]}${match[2] ? ' (hidden)' : ''} ${text(match[3] ?? '')}`,
    )
    expect(headings).toEqual(['h1 Archive', 'h2 (hidden) Posts by year', 'h3 2023', 'h3 2021'])
    expect(html).toContain('<div class="archive-years"><section class="archive-year"><h3 id="2023">2023</h3>')
  })
})

describe('BlogAuthorsPage', () => {
  const author = {
    key: 'lighthouse-keeper',
    name: 'Ada Keeper',
    permalink: null,
    listed: true,
    posts: POSTS.slice(0, 3),
    row: {key: 'lighthouse-keeper', name: 'Ada Keeper', title: 'Harbour master', imageUrl: '/img/ada.png', url: null, email: null, socials: null, page: null},
  } as unknown as BlogAuthor

  it('keeps the heading to the name, shows the number of posts beside it (the words for screen readers) and gives the picture the name', () => {
    const html = renderToStaticMarkup(<blog.BlogAuthorsPage context={context} authors={[author]} recent={[]} />)
    const heading = /<h2[^>]*>(.*?)<\/h2>/.exec(html)?.[1] ?? ''
    expect(text(heading)).toBe('Ada Keeper')
    const count = /<span class="author-post-count">(.*?)<\/span><\/div>/.exec(html)?.[1] ?? ''
    expect(text(count)).toBe('3 posts')
    expect(text(count.replace(/<span class="visually-hidden">.*?<\/span>/g, ''))).toBe('3')
    expect(html).toMatch(/<img class="author-photo" src="\/img\/ada.png" alt="Ada Keeper"/)
  })

  it('gives the address, social links and email as one named row of links, not a list (Docusaurus draws a row of icons)', () => {
    const social = {
      ...author,
      row: {
        ...(author as unknown as {row: object}).row,
        email: 'ada@example.org',
        socials: [
          {platform: 'github', url: 'https://github.com/ada-keeper'},
          {platform: 'linkedin', url: 'https://www.linkedin.com/in/ada-keeper'},
        ],
      },
    } as unknown as BlogAuthor
    const html = renderToStaticMarkup(<blog.BlogAuthorsPage context={context} authors={[social]} recent={[]} />)
    const row = /<div class="author-links" role="group" aria-label="([^"]*)">(.*?)<\/div>/.exec(html)
    expect(row?.[1]).toBe('Links of Ada Keeper')
    expect([...(row?.[2] ?? '').matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((match) => [match[2], match[1]])).toEqual([
      ['GitHub', 'https://github.com/ada-keeper'],
      ['LinkedIn', 'https://www.linkedin.com/in/ada-keeper'],
      ['Email', 'mailto:ada@example.org'],
    ])
    expect(row?.[2]).not.toMatch(/<(ul|li)\b/)
  })
})

/** The markup once every async part has resolved. */
async function renderComplete(node: ReactNode): Promise<string> {
  const stream = await renderToReadableStream(node)
  await stream.allReady
  return new Response(stream).text()
}

describe('BlogListPage', () => {
  it('draws a preview’s byline and its “Read more” link outside paragraphs, so that the post’s paragraphs are its own', async () => {
    const posts = await blogData.withText('en', await blogData.loadBlogPosts('en'))
    const html = await renderComplete(await blog.BlogListPage({context, posts, page: 1, pageCount: 1, recent: []}))
    expect(html).toContain('class="post-authors"')
    expect(html).toContain('class="read-more"')
    const paragraphs = [...html.matchAll(/<p[ >](.*?)<\/p>/g)].map((match) => text(match[1] ?? ''))
    expect(paragraphs.length).toBeGreaterThan(0)
    expect(paragraphs.filter((paragraph) => /^By |Read more/.test(paragraph))).toEqual([])
  })
})

describe('BlogPostPage', () => {
  it('draws the post’s tag line as its footer, not as a paragraph of the post', async () => {
    const posts = await blogData.loadBlogPosts('en')
    const post = posts.find((candidate) => (candidate.row.post.tags ?? []).length > 0)
    if (!post) throw new Error('the fixture has no post with tags')
    const [withItsText] = await blogData.withText('en', [post])
    const html = await renderComplete(await blog.BlogPostPage({context, post: withItsText!, newer: null, older: null, recent: []}))
    expect(html).toContain('<div class="post-tags">')
    const paragraphs = [...html.matchAll(/<p[ >](.*?)<\/p>/g)].map((match) => text(match[1] ?? ''))
    expect(paragraphs.filter((paragraph) => paragraph.startsWith('Tags:'))).toEqual([])
  })
})

describe('BlogTagPage', () => {
  it('links to every tag and shows each listed post’s tags under it, as the post’s footer line (not a paragraph)', async () => {
    const tagged = (await blogData.loadBlogPosts('en')).filter((candidate) => (candidate.row.post.tags ?? []).length > 0)
    const [first] = await blogData.withText('en', tagged.slice(0, 1))
    if (!first) throw new Error('the fixture has no post with tags')
    const label = first.row.post.tags?.[0] ?? ''
    const tag = {label, permalink: label.toLowerCase(), description: null, posts: [first], unlisted: false}
    const html = await renderComplete(await blog.BlogTagPage({context, tag, posts: [first], page: 1, pageCount: 1, recent: []}))
    const header = /<header class="tag-header">(.*?)<\/header>/.exec(html)?.[1] ?? ''
    expect(header).toContain('<a href="/blog/tags">View all tags</a>')
    const preview = /<article class="blog-preview">(.*?)<\/article>/.exec(html)?.[1] ?? ''
    const footer = /<div class="post-tags">(.*?)<\/div>/.exec(preview)?.[1] ?? ''
    expect(text(footer)).toBe(`Tags: ${(first.row.post.tags ?? []).join(' ')}`)
    expect(footer).toMatch(/<a class="tag" href="\/blog\/tags\/[^"]+">/)
    const paragraphs = [...preview.matchAll(/<p[ >](.*?)<\/p>/g)].map((match) => text(match[1] ?? ''))
    expect(paragraphs.filter((paragraph) => paragraph.startsWith('Tags:'))).toEqual([])
  })
})
