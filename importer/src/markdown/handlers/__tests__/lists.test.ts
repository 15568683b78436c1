// A list item holding blocks indented under it stays one item, so that an ordered list numbers on.
import {describe, expect, it} from 'vitest'
import {convertFile, span} from '../../__tests__/convert'

const item = (text: string) => ({_type: 'block', style: 'normal', markDefs: [], children: [span(text)], listItem: 'number', level: 1})

describe('list items holding collapsible sections and tabs', () => {
  it('keeps a <details> and a <Tabs> indented under an item inside it, the list going on after them', () => {
    const markdown = [
      "import Tabs from '@theme/Tabs'",
      "import TabItem from '@theme/TabItem'",
      '',
      '1. Rig the boat.',
      '',
      '    <details>',
      '    <summary>Which knots</summary>',
      '',
      '    A bowline.',
      '',
      '    </details>',
      '',
      '2. Choose a wind.',
      '',
      '    <Tabs>',
      '    <TabItem value="light" label="Light">',
      '',
      '    Full sail.',
      '',
      '    </TabItem>',
      '    </Tabs>',
      '',
      '3. Cast off.',
      '',
    ].join('\n')
    const {blocks, warnings} = convertFile('docs/rigging.mdx', markdown)
    expect(warnings).toEqual([])
    const shape = (blocks as Array<Record<string, unknown>>).map((block) =>
      block._type === 'block' ? block : {_type: block._type, listLevel: block.listLevel},
    )
    expect(shape).toEqual([item('Rig the boat.'), {_type: 'details', listLevel: 1}, item('Choose a wind.'), {_type: 'tabs', listLevel: 1}, item('Cast off.')])
  })
})
