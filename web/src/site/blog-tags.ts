/** Blog tags: their addresses and the posts of each (pure, for the pages and their tests). */
import type {BlogPostSummary} from './blog'

/**
 * A tag's segment in URLs, as Docusaurus 3 writes inline tags: its words, lower case, joined by
 * hyphens (`Engine.IO` → engine-io, `fetchSockets` → fetch-sockets); letters of any script are kept.
 */
export function tagPermalink(label: string): string {
  const words = label.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2').replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2').match(/[\p{L}\p{N}]+/gu) ?? []
  return words.map((word) => word.toLowerCase()).join('-')
}

export interface BlogTag {
  label: string
  permalink: string
  posts: BlogPostSummary[]
}

/** The tags of the posts, by permalink (labels differing only in case or punctuation are one tag), sorted by label. */
export function blogTags(posts: readonly BlogPostSummary[]): BlogTag[] {
  const tags = new Map<string, BlogTag>()
  for (const post of posts) {
    for (const label of post.row.post.tags ?? []) {
      const permalink = tagPermalink(label)
      if (!permalink) continue
      const tag = tags.get(permalink) ?? {label, permalink, posts: []}
      if (!tag.posts.includes(post)) tag.posts.push(post)
      tags.set(permalink, tag)
    }
  }
  return [...tags.values()].sort((a, b) => a.label.localeCompare(b.label))
}
