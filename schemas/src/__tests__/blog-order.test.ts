// The order of blog posts, newest first, and of posts of one date: as Docusaurus lists them.
import {evaluate, parse} from 'groq-js'
import {describe, expect, it} from 'vitest'
import {blogPostsQuery, searchDocumentsQuery} from '../queries'

const post = (slug: string, date: string, sourcePath?: string) => ({
  _id: `post-en-${slug}`,
  _type: 'blogPost',
  language: 'en',
  slug,
  date,
  title: slug,
  ...(sourcePath ? {sourcePath} : {}),
})

const dataset = [
  post('kites', '2024-05-01', 'blog/2024-05-01-kites.md'),
  post('rooms', '2024-06-02', 'blog/2024-06-02-rooms.md'),
  // Docusaurus reads the files of a folder in byte order and keeps it for posts of one date (a stable sort by date).
  post('rooms-for-tool-authors', '2024-06-02', 'blog/2024-06-02-rooms-for-tool-authors.md'),
  post('older', '2023-01-01', 'blog/2023-01-01-older.md'),
  // Written in the studio: no source file; among posts of its date, after the imported ones.
  post('a-note', '2024-06-02'),
]

async function slugsOf(query: string, pick: (result: unknown) => Array<{slug: string}>): Promise<string[]> {
  const params = {defaultLocale: 'en', locale: 'en'}
  const result = await (await evaluate(parse(query, {params}), {dataset, params})).get()
  return pick(result).map((row) => row.slug)
}

describe('blog order', () => {
  it('lists posts newest first, posts of one date in the order of their source files, then by slug', async () => {
    const expected = ['rooms-for-tool-authors', 'rooms', 'a-note', 'kites', 'older']
    expect(await slugsOf(blogPostsQuery, (result) => result as Array<{slug: string}>)).toEqual(expected)
    expect(await slugsOf(searchDocumentsQuery, (result) => (result as {posts: Array<{slug: string}>}).posts)).toEqual(expected)
  })
})
