/** Blog tags: their addresses and the posts of each (pure, for the pages and their tests). */
import {type LocalizedValue, tagAddress, type TagDefinition} from '@site/schemas/model'
import type {BlogPostSummary} from './blog'

export {tagAddress}

/** A tag of the site settings (Docusaurus's tags.yml): its own address and description. */
export interface BlogTagDefinition extends TagDefinition {
  description?: readonly LocalizedValue[] | null
}

export interface BlogTag {
  label: string
  permalink: string
  /** Its description in the site settings, in every language (shown on its page). */
  description: readonly LocalizedValue[] | null
  /** The posts the tag's page shows: its listed posts, or all of them when none is listed. */
  posts: BlogPostSummary[]
  /**
   * Only unlisted posts have the tag: its page exists (their tag links lead there) but, as in
   * Docusaurus 3, it is unlisted itself (not on the tags page, not in the sitemap, noindex).
   */
  unlisted: boolean
}

/**
 * The tags of the posts, by address (labels differing only in case or punctuation are one tag),
 * sorted by label; a tag of `definitions` has its own address and description. Each has its listed
 * posts, or, when all its posts are unlisted, those.
 */
export function blogTags(posts: readonly BlogPostSummary[], definitions: readonly BlogTagDefinition[] | null | undefined): BlogTag[] {
  return allPostTags(posts, definitions).map((tag) => {
    const listed = tag.posts.filter((post) => !post.unlisted)
    return listed.length > 0 ? {...tag, posts: listed, unlisted: false} : {...tag, unlisted: true}
  })
}

/** The tags the tags page lists. */
export function listedTags(tags: readonly BlogTag[]): BlogTag[] {
  return tags.filter((tag) => !tag.unlisted)
}

function allPostTags(posts: readonly BlogPostSummary[], definitions: readonly BlogTagDefinition[] | null | undefined): Array<Omit<BlogTag, 'unlisted'>> {
  const tags = new Map<string, Omit<BlogTag, 'unlisted'>>()
  for (const post of posts) {
    for (const label of post.row.post.tags ?? []) {
      const permalink = tagAddress(label, definitions)
      if (!permalink) continue
      const description = definitions?.find((definition) => definition.label === label)?.description ?? null
      const tag = tags.get(permalink) ?? {label, permalink, description, posts: []}
      if (!tag.posts.includes(post)) tag.posts.push(post)
      tags.set(permalink, tag)
    }
  }
  return [...tags.values()].sort((a, b) => a.label.localeCompare(b.label))
}
