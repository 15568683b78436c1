// The blog's routes: none at all for a site without posts (a Docusaurus site with `blog: false`).
import {describe, expect, it, vi} from 'vitest'
import {blogRoutes} from '../all-routes'
import type {BlogPostSummary} from '../blog'

// all-routes reaches the content source, whose token module is server-only; nothing here reads it.
vi.mock('server-only', () => ({}))

const post = (slug: string, tags: string[]) =>
  ({slug, date: '2024-01-01', title: slug, href: `/blog/${slug}/`, readingMinutes: 1, row: {post: {tags}}}) as unknown as BlogPostSummary

describe('blog routes', () => {
  it('lists no blog page, archive or feed route when the site has no posts', () => {
    expect(blogRoutes('en', [], 10)).toEqual([])
  })

  it('lists the list pages, the archive, the tag pages and the posts', () => {
    const routes = blogRoutes('fr', [post('a', ['news']), post('b', []), post('c', ['news'])], 2)
    expect(routes).toEqual([
      {kind: 'blogList', locale: 'fr', page: 1},
      {kind: 'blogList', locale: 'fr', page: 2},
      {kind: 'blogArchive', locale: 'fr'},
      {kind: 'blogTags', locale: 'fr'},
      {kind: 'blogTag', locale: 'fr', tag: 'news', page: 1},
      {kind: 'blogPost', locale: 'fr', slug: 'a'},
      {kind: 'blogPost', locale: 'fr', slug: 'b'},
      {kind: 'blogPost', locale: 'fr', slug: 'c'},
    ])
  })
})
