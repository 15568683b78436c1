// The home page's pure decisions: the hero-only layout and the excerpts of post cards.
import {describe, expect, it} from 'vitest'
import {isHeroOnly, postExcerpt} from '../home-content'

type Card = Parameters<typeof postExcerpt>[0]
const post = (fields: {description?: string; body?: unknown[]}): Card => ({
  row: {post: {description: fields.description ?? null}} as unknown as Card['row'],
  text: {body: fields.body ?? []} as unknown as Card['text'],
})
const paragraph = (text: string, style = 'normal') => ({_type: 'block', style, children: [{_type: 'span', text}]})

describe('isHeroOnly', () => {
  it('is true for a hero alone or no sections, false as soon as another section exists', () => {
    expect(isHeroOnly([{_type: 'homeHero'}])).toBe(true)
    expect(isHeroOnly([])).toBe(true)
    expect(isHeroOnly([{_type: 'homeHero'}, {_type: 'homeFeatures'}])).toBe(false)
  })
})

describe('postExcerpt', () => {
  it('prefers the post’s description', () => {
    expect(postExcerpt(post({description: '  A short summary. ', body: [paragraph('Body text')]}))).toBe('A short summary.')
  })

  it('else takes the first paragraphs after any heading, up to the next heading or list', () => {
    const body = [paragraph('Title', 'h2'), paragraph('First  paragraph.'), paragraph('Second one.'), paragraph('Later', 'h2'), paragraph('Not this.')]
    expect(postExcerpt(post({body}))).toBe('First paragraph. Second one.')
  })

  it('cuts long text at a word, without trailing punctuation, with an ellipsis', () => {
    const text =
      'Socket.IO 4.8 brings custom transports, and a fallback between transports when one of them fails, which many of you have asked for since the first monthly update, along with other fixes.'
    const excerpt = postExcerpt(post({body: [paragraph(text)]}), 80)
    expect(excerpt.endsWith('…')).toBe(true)
    expect(excerpt.length).toBeLessThanOrEqual(81)
    expect(text.startsWith(excerpt.slice(0, -1))).toBe(true)
    expect(excerpt).not.toMatch(/[,\s]…$/)
  })
})
