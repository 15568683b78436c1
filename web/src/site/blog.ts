/** Blog posts in the reader's locale, the list pages, the sidebar of recent posts, the archive. */
import type {Locale} from '@site/schemas/model'
import {blogPostsQuery, blogPostTextQuery} from '@site/schemas/queries'
import type {BlogPostsQueryResult, BlogPostTextQueryResult} from '@site/schemas/types'
import {fetchContent} from '@site/content-source/source'
import {loadRoutingTable} from './routing-table-loader'
import {readingMinutes} from '@site/schemas/i18n'
import {routeUrl} from '@site/schemas/routing'
import type {SiteContext} from './context'
import {oncePerKey} from '@site/content-source/once'

export type BlogPostRow = BlogPostsQueryResult[number]

export interface BlogPostSummary {
  slug: string
  date: string
  title: string
  href: string
  row: BlogPostRow
  /** Reachable by its address, never listed: no list, tag, author or archive page, feed or previous/next link shows it. */
  unlisted: boolean
}

/** A post with its text: what a page that shows the text, an excerpt or the reading time has. */
export interface BlogPost extends BlogPostSummary {
  text: NonNullable<BlogPostTextQueryResult>
  readingMinutes: number
}

/** Every post in the locale, newest first: titles, dates, authors and tags, never the bodies. */
export const loadBlogPosts = oncePerKey(
  (locale: Locale) => locale,
  async (locale: Locale): Promise<BlogPostSummary[]> => {
    const table = await loadRoutingTable()
    const rows = await fetchContent(blogPostsQuery, {locale, defaultLocale: table.locales.defaultLocale})
    return rows.flatMap((row) =>
      row.slug && row.date
        ? [
            {
              slug: row.slug,
              date: row.date,
              title: row.post.title || row.slug,
              href: routeUrl(table, {kind: 'blogPost', locale, slug: row.slug}),
              row,
              unlisted: row.post.unlisted === true,
            },
          ]
        : [],
    )
  },
)

/** One post's text in the locale, derived once per post (its reading time counts every word). */
const loadPostText = oncePerKey(
  (locale: Locale, slug: string) => `${locale}\n${slug}`,
  async (locale: Locale, slug: string): Promise<Pick<BlogPost, 'text' | 'readingMinutes'>> => {
    const table = await loadRoutingTable()
    const text = (await fetchContent(blogPostTextQuery, {locale, defaultLocale: table.locales.defaultLocale, slug})) ?? {
      language: null,
      body: null,
      translation: null,
    }
    return {text, readingMinutes: readingMinutes(wordCount(text.body))}
  },
)

/**
 * The posts with their texts, each read on its own: a page records a read of the texts it shows
 * only, so an edit of one post reaches its page and the list pages that show it.
 */
export async function withText(locale: Locale, posts: readonly BlogPostSummary[]): Promise<BlogPost[]> {
  return Promise.all(posts.map(async (post) => ({...post, ...(await loadPostText(locale, post.slug))})))
}

/** The posts that lists show (the blog pages, tags, authors, archive, feeds, the home page), newest first. */
export function listedPosts(posts: readonly BlogPostSummary[]): BlogPostSummary[] {
  return posts.filter((post) => !post.unlisted)
}

/** The posts before and after a post in the blog's order; an unlisted post has neither, and is neither. */
export function postNeighbours(posts: readonly BlogPostSummary[], post: BlogPostSummary): {newer: BlogPostSummary | null; older: BlogPostSummary | null} {
  const listed = listedPosts(posts)
  const index = post.unlisted ? -1 : listed.indexOf(post)
  return index === -1 ? {newer: null, older: null} : {newer: listed[index - 1] ?? null, older: listed[index + 1] ?? null}
}

export function postsPerPage(context: SiteContext): number {
  const configured = context.settings.blog?.postsPerPage
  return configured && configured > 0 ? Math.floor(configured) : 10
}

export function blogPageCount(postCount: number, perPage: number): number {
  return Math.max(1, Math.ceil(postCount / perPage))
}

export function recentPostsCount(context: SiteContext): number {
  return context.settings.blog?.sidebarCount ?? 10
}

/**
 * Posts grouped by year, newest year first, and within a year oldest first, as Docusaurus's archive
 * lists them (a year reads as a calendar). Posts of the same date keep the reverse of their given order.
 */
export function groupByYear(posts: readonly BlogPostSummary[]): Array<{year: string; posts: BlogPostSummary[]}> {
  const groups = new Map<string, BlogPostSummary[]>()
  for (const post of [...posts].reverse()) {
    const year = post.date.slice(0, 4)
    groups.set(year, [...(groups.get(year) ?? []), post])
  }
  // Array sort is stable: posts of one date stay in the reversed order.
  return [...groups].sort(([a], [b]) => b.localeCompare(a)).map(([year, items]) => ({year, posts: items.sort((a, b) => a.date.localeCompare(b.date))}))
}

/** Words of a queried body (text, code, table cells), for the reading time. */
export function wordCount(value: unknown): number {
  if (typeof value === 'string') return 0
  if (Array.isArray(value)) return value.reduce((sum: number, item: unknown) => sum + wordCount(item), 0)
  if (typeof value !== 'object' || value === null) return 0
  let words = 0
  for (const [key, field] of Object.entries(value)) {
    if ((key === 'text' || key === 'code') && typeof field === 'string') words += field.split(/\s+/).filter(Boolean).length
    else if (key === 'cells' && Array.isArray(field)) words += field.join(' ').split(/\s+/).filter(Boolean).length
    else if (key !== 'markDefs') words += wordCount(field)
  }
  return words
}
