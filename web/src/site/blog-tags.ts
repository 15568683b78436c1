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
  posts: BlogPostSummary[]
}

/**
 * The tags of the posts, by address (labels differing only in case or punctuation are one tag),
 * sorted by label; a tag of `definitions` has its own address and description.
 */
export function blogTags(posts: readonly BlogPostSummary[], definitions: readonly BlogTagDefinition[] | null | undefined): BlogTag[] {
  const tags = new Map<string, BlogTag>()
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
