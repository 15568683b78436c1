// Tag addresses as Docusaurus 3 writes inline tags, and the tags of a set of posts.
import {describe, expect, it} from 'vitest'
import type {BlogPostSummary} from '../blog'
import {tagPermalink} from '@site/schemas/model'
import {blogTags, tagAddress} from '../blog-tags'

const post = (slug: string, tags: string[]) =>
  ({slug, date: '2024-01-01', title: slug, href: `/blog/${slug}/`, readingMinutes: 1, row: {post: {tags}}}) as unknown as BlogPostSummary

describe('blog tags', () => {
  it('writes a tag as its lower-case words joined by hyphens, in any script, as Docusaurus does', () => {
    expect(tagPermalink('release')).toBe('release')
    expect(tagPermalink('Engine.IO')).toBe('engine-io')
    expect(tagPermalink('fetchSockets')).toBe('fetch-sockets')
    expect(tagPermalink('Socket.IO 4')).toBe('socket-io-4')
    expect(tagPermalink('événements')).toBe('evenements')
    expect(tagPermalink('实时 通信')).toBe('实时-通信')
    expect(tagPermalink('读（观）后感')).toBe('读（观）后感')
    expect(tagPermalink('!!!')).toBe('')
  })

  it('gathers the posts of each tag, one tag for labels that differ only in case, sorted by label', () => {
    const a = post('a', ['release', 'Engine.IO'])
    const b = post('b', ['Release', 'port', 'release'])
    const tags = blogTags([a, b], null)
    expect(tags.map((tag) => [tag.label, tag.permalink, tag.posts.map((entry) => entry.slug)])).toEqual([
      ['Engine.IO', 'engine-io', ['a']],
      ['port', 'port', ['b']],
      ['release', 'release', ['a', 'b']],
    ])
  })

  it('gives a tag of the site settings (tags.yml) its own address and description', () => {
    const definitions = [
      {label: 'Customer stories', permalink: 'customers', description: [{language: 'en', value: 'How teams use Harbor.'}]},
      {label: 'News', permalink: null},
    ]
    expect(tagAddress('Customer stories', definitions)).toBe('customers')
    expect(tagAddress('News', definitions)).toBe('news')
    expect(tagAddress('Engine.IO', definitions)).toBe('engine-io')
    const tags = blogTags([post('a', ['Customer stories', 'News']), post('b', ['Customer stories'])], definitions)
    expect(tags.map((tag) => [tag.label, tag.permalink, tag.description?.[0]?.value ?? null, tag.posts.length])).toEqual([
      ['Customer stories', 'customers', 'How teams use Harbor.', 2],
      ['News', 'news', null, 1],
    ])
  })
})
