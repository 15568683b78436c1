/**
 * Blog authors as Docusaurus 3 shows them: the authors page lists the listed ones with their number
 * of posts; an author with a page gets /blog/authors/<permalink>, paginated like the blog, and
 * their name on posts leads there (otherwise to their address, else their email).
 */
import type {Locale} from '@site/schemas/model'
import {blogAuthorsQuery} from '@site/schemas/queries'
import type {BlogAuthorsQueryResult} from '@site/schemas/types'
import {fetchContent} from '@site/content-source/source'
import {routeUrl, type UrlTable} from '@site/schemas/routing'
import type {BlogPostSummary} from './blog'
import {oncePerKey} from '@site/content-source/once'

export type BlogAuthorRow = BlogAuthorsQueryResult[number]

/** What a post's author and an author document have in common, for their links. */
export interface AuthorLinkFields {
  page?: boolean | null
  permalink?: string | null
  url?: string | null
  email?: string | null
}

export interface BlogAuthor {
  row: BlogAuthorRow
  key: string
  name: string
  /** The page's address under /blog/authors/, or null when the author has none. */
  permalink: string | null
  listed: boolean
  /** The author's listed posts in the locale, newest first. */
  posts: BlogPostSummary[]
}

/** Every author in the reader's locale (translated name, role and description), in the authors page's order. */
export const loadAuthorRows = oncePerKey(
  (locale: Locale) => locale,
  (locale: Locale): Promise<BlogAuthorsQueryResult> => fetchContent(blogAuthorsQuery, {locale}),
)

/** The page address of an author, or null: a page needs both the switch and an address. */
export function authorPermalink(author: AuthorLinkFields): string | null {
  return author.page === true && author.permalink ? author.permalink : null
}

/** The authors with their listed posts (those that name them among their authors), in the rows' order. */
export function blogAuthors(rows: readonly BlogAuthorRow[], posts: readonly BlogPostSummary[]): BlogAuthor[] {
  return rows.flatMap((row) => {
    if (!row.key) return []
    const key = row.key
    return [
      {
        row,
        key,
        name: row.name || key,
        permalink: authorPermalink(row),
        listed: row.listed !== false,
        posts: posts.filter((post) => !post.unlisted && (post.row.post.authors ?? []).some((author) => author.key === key)),
      },
    ]
  })
}

/** The authors the authors page lists; the page exists only when there is one. */
export function listedAuthors(authors: readonly BlogAuthor[]): BlogAuthor[] {
  return authors.filter((author) => author.listed)
}

/** Where an author's name leads: their page, else their address, else their email; undefined for none. */
export function authorHref(author: AuthorLinkFields, table: UrlTable, locale: Locale): string | undefined {
  const permalink = authorPermalink(author)
  if (permalink) return routeUrl(table, {kind: 'blogAuthor', locale, author: permalink, page: 1})
  if (author.url) return author.url
  return author.email ? `mailto:${author.email}` : undefined
}

/** Authors of a set of posts and the authors page, loaded for a locale. */
export async function loadBlogAuthors(locale: Locale, posts: readonly BlogPostSummary[]): Promise<BlogAuthor[]> {
  return blogAuthors(await loadAuthorRows(locale), posts)
}

const PLATFORM_NAMES: Record<string, string> = {
  github: 'GitHub',
  x: 'X',
  twitter: 'Twitter',
  linkedin: 'LinkedIn',
  stackoverflow: 'Stack Overflow',
  bluesky: 'Bluesky',
  instagram: 'Instagram',
  threads: 'Threads',
  mastodon: 'Mastodon',
  twitch: 'Twitch',
  youtube: 'YouTube',
}

/** How a social link is labelled: the platform's own spelling, or the name the author file gave it. */
export function platformName(platform: string): string {
  return PLATFORM_NAMES[platform.toLowerCase()] ?? platform
}
