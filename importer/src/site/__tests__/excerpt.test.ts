// A doc's default description, as Docusaurus 3 takes it from the first line of text.
import {describe, expect, it} from 'vitest'
import {markdownExcerpt} from '../excerpt'

describe('markdownExcerpt', () => {
  it('takes the first line of text after the front matter and the title, not the whole paragraph', () => {
    // What Docusaurus 3.10 shows on the generated index card of this doc (product-blogs fixture).
    const file =
      "---\nslug: create-a-queue\n---\n\n# Create a queue\n\n```js\nawait harbor.queues.create({name: 'emails'})\n```\n\nQueue names are unique in a project. Messages older than the [retention period](retention.md) are\ndeleted.\n"
    expect(markdownExcerpt(file)).toBe('Queue names are unique in a project. Messages older than the retention period are')
  })

  it('skips import and export lines, code fences of any length and admonition fences, and takes markup off', () => {
    const file = [
      "import Tabs from '@theme/Tabs'",
      'export const port = 3000',
      '',
      '````md',
      '```js',
      'not text',
      '```',
      '````',
      '',
      ':::tip',
      '',
      'Use **bold**, _italics_, `code`, ![an image](./a.png), [a link](https://x.example.org) and :rocket: here {#anchor}',
    ].join('\n')
    expect(markdownExcerpt(file)).toBe('Use bold, italics, code, an image, a link and here')
  })

  it('keeps the text of a level-2 heading and of a block quote, and gives nothing for a file without text', () => {
    expect(markdownExcerpt('## Options\n\nText.')).toBe('Options')
    expect(markdownExcerpt('> Quoted line\n')).toBe('Quoted line')
    expect(markdownExcerpt('---\ntitle: Empty\n---\n\n# Only a title\n')).toBeUndefined()
  })
})
