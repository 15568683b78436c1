/**
 * Pure decisions of the home page (ui/home-page.tsx): its layout when a hero is all it has, and the
 * excerpt of a post on a card.
 */
import type {BlogPost} from '../site/blog'

/** A home page whose sections are a hero at most (a freshly migrated site's): the hero fills the first screen. */
export function isHeroOnly(sections: ReadonlyArray<{_type: string}>): boolean {
  return sections.every((section) => section._type === 'homeHero')
}

/** Plain text of a post's first paragraphs, cut at a word near `max` characters. */
export function postExcerpt(post: Pick<BlogPost, 'row' | 'text'>, max = 180): string {
  const description = post.row.post.description?.trim()
  const source = description || firstParagraphs(post.text.body)
  if (source.length <= max) return source
  const cut = source.slice(0, max + 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut.slice(0, max)).replace(/[\s,;:.–—-]+$/, '')}…`
}

function firstParagraphs(body: unknown): string {
  if (!Array.isArray(body)) return ''
  const texts: string[] = []
  for (const block of body as Array<{_type?: string; style?: string; listItem?: string; children?: Array<{text?: unknown}>}>) {
    if (block._type !== 'block' || (block.style && block.style !== 'normal') || block.listItem) {
      if (texts.length > 0) break
      continue
    }
    const text = (block.children ?? [])
      .map((child) => (typeof child.text === 'string' ? child.text : ''))
      .join('')
      .replace(/\s+/g, ' ')
      .trim()
    if (text) texts.push(text)
    if (texts.join(' ').length > 400) break
  }
  return texts.join(' ')
}
