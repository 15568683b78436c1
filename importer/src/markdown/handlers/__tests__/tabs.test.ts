// The theme's <Tabs> as MDX reads them, also where remark alone would cut a tag in two.
import {describe, expect, it} from 'vitest'
import {convertFile, span} from '../../__tests__/convert'

const convert = (markdown: string, features?: Parameters<typeof convertFile>[2]) => convertFile('docs/harbour.md', markdown, features)
const paragraph = (text: string) => ({_type: 'block', style: 'normal', markDefs: [], children: [span(text)]})
type Tabs = {_type: 'tabs'; panels: Array<{label: string; body: unknown[]}>}

describe('tabs', () => {
  // Docusaurus 2's MDX 1 (read here with CommonMark's indented code) reads such a tag whole too.
  it.each([
    ['MDX', undefined],
    ['MDX 1', {indentedCode: true}],
  ])('reads an opening tag whose values hold a blank line, nested in a tab of another <Tabs>, as %s does', (_mdx, features) => {
    const markdown = [
      '<Tabs',
      'defaultValue="sail"',
      'values={[',
      "{ label: 'Sail', value: 'sail', },",
      "{ label: 'Oar', value: 'oar', },",
      ']}>',
      '',
      '<TabItem value="sail">',
      '',
      'Raise the sail first.',
      '',
      '<Tabs',
      'defaultValue="small"',
      'values={[',
      "{label: 'Small boat', value: 'small'},",
      "{label: 'Large boat', value: 'large'}",
      '',
      ']}>',
      '',
      '<TabItem value="small">',
      '',
      'One sail.',
      '',
      '</TabItem>',
      '<TabItem value="large">',
      '',
      'Three sails.',
      '',
      '</TabItem>',
      '</Tabs>',
      '',
      '</TabItem>',
      '<TabItem value="oar">',
      '',
      'Row steadily.',
      '',
      '</TabItem>',
      '</Tabs>',
      '',
      'After the tabs.',
      '',
    ].join('\n')
    const {blocks, warnings} = convert(markdown, features)
    expect(warnings).toEqual([])
    const [outer, after] = blocks as [Tabs, unknown]
    expect(outer.panels.map((panel) => panel.label)).toEqual(['Sail', 'Oar'])
    const [first, inner] = outer.panels[0]!.body as [unknown, Tabs]
    expect(first).toEqual(paragraph('Raise the sail first.'))
    expect(inner.panels.map((panel) => [panel.label, panel.body])).toEqual([
      ['Small boat', [paragraph('One sail.')]],
      ['Large boat', [paragraph('Three sails.')]],
    ])
    expect(outer.panels[1]!.body).toEqual([paragraph('Row steadily.')])
    expect(after).toEqual(paragraph('After the tabs.'))
    expect(JSON.stringify(blocks)).not.toContain('values={[')
  })

  it('leaves text that only starts like a tag as text', () => {
    const {blocks} = convert('<Tabs are what the theme calls them\n\nand so on.\n')
    expect(JSON.stringify(blocks)).toContain('and so on.')
  })
})
