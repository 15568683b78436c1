// MDX comments ({/* … */}) as MDX reads them: dropped, whatever they hold, outside code only.
import {describe, expect, it} from 'vitest'
import {SourceText} from '../source-text'
import {convertFile, span} from './convert'

const paragraph = (text: string) => ({_type: 'block', style: 'normal', markDefs: [], children: [span(text)]})

describe('MDX comments', () => {
  it('drops a comment that holds backticks and braces, alone or in a line, also over several lines', () => {
    const {blocks, warnings} = convertFile(
      'docs/_template.mdx',
      '{/* Pass the prop `harbour={HARBOUR_NAME}` when using this */}\n\nThe tide is {/* not */} high.\n\n{/*\n  a note\n  for editors\n*/}\n\nLast line.\n',
    )
    expect(warnings).toEqual([])
    expect(blocks).toEqual([paragraph('The tide is  high.'), paragraph('Last line.')])
  })

  it('keeps it as text in code, and keeps the truncate marker and the lines of the text', () => {
    const text = 'Use `{/* x */}` here.\n\n```js\n{/* kept */}\n```\n\n{/* truncate */}\n{/* two\nlines */}\n'
    const source = new SourceText(text)
    expect(source.text.split('\n')).toHaveLength(text.split('\n').length)
    expect(source.text).toContain('`{/* x */}`')
    expect(source.text).toContain('{/* kept */}')
    expect(source.text).toContain('{/* truncate */}')
    expect(source.text).not.toContain('two')
    // Under CommonMark the braces are text.
    expect(new SourceText(text, {mdx: false}).text).toBe(text)
  })
})
