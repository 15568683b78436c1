// Custom elements a site's stylesheet hides by name: their text is left out of the pages, as readers never see it.
import {mkdtemp, mkdir, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {convertFile} from '../../../markdown/__tests__/convert'
import {hiddenElementsOf} from '../hidden-elements'

const folders: string[] = []
afterAll(async () => {
  for (const folder of folders) await rm(folder, {recursive: true, force: true})
})

describe('custom elements the site hides', () => {
  it('are read from the custom CSS: a rule of custom element names alone that hides them', async () => {
    const site = await mkdtemp(path.join(tmpdir(), 'hidden-elements-'))
    folders.push(site)
    await mkdir(path.join(site, 'src/css'), {recursive: true})
    await writeFile(
      path.join(site, 'src/css/custom.css'),
      [
        '/* kite-index { display: none } is a comment */',
        'x-search { visibility: hidden; }',
        'kite-note, kite-aside {',
        '  display: none !important;',
        '}',
        'kite-badge { color: red; }',
        '.docs kite-shown { display: none; }',
        'span { display: none; }',
      ].join('\n'),
    )
    const config = {presets: [['classic', {theme: {customCss: './src/css/custom.css'}}]]}
    expect([...hiddenElementsOf(site, config)].sort()).toEqual(['kite-aside', 'kite-note', 'x-search'])
  })

  it('leave their text out of a line, whatever they hold, and the rest of the line as it is', () => {
    const {blocks} = convertFile(
      'docs/reel.mdx',
      ['<font size="2">Added in: v1.31</font><x-search>kite.reel</x-search>', '', 'Wind <x-search>reel, <b>spool</b></x-search>speed.', ''].join('\n'),
      {hiddenElements: new Set(['x-search'])},
    )
    expect(blocks.map((block) => (block as {children: Array<{text: string}>}).children.map((child) => child.text).join(''))).toEqual([
      'Added in: v1.31',
      'Wind speed.',
    ])
  })
})
