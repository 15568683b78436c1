/** Blog tags: their addresses and the posts of each (pure, for the pages and their tests). */
import {tagPermalink} from '@site/schemas/model'
import type {BlogPostSummary} from './blog'

// The importer names the tags whose Docusaurus address (tags.yml permalink) differs from it, so it lives with the model.
export {tagPermalink}

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
