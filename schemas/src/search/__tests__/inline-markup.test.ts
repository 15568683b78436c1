import {describe, expect, it} from 'vitest'
import {inlinePlainText, parseCellMarkup, parseInlineMarkup} from '../inline-markup'

describe('inline markup', () => {
  it('reads [^label] as a footnote reference, and its plain text as nothing (the number is a link to the note)', () => {
    const nodes = parseInlineMarkup('Tails[^tail] help')
    expect(nodes).toEqual([
      {type: 'text', text: 'Tails'},
      {type: 'footnote', label: 'tail'},
      {type: 'text', text: ' help'},
    ])
    expect(inlinePlainText(nodes)).toBe('Tails help')
  })

  it('reads a backslash before a marker’s character as that character of the text, inside emphasis too', () => {
    expect(parseInlineMarkup('\\*;192.168.\\*.\\*;10.0.0.1')).toEqual([{type: 'text', text: '*;192.168.*.*;10.0.0.1'}])
    expect(parseInlineMarkup('*ranges \\* and stars*, \\[not a link\\](x) and \\`tick\\`')).toEqual([
      {type: 'em', children: [{type: 'text', text: 'ranges * and stars'}]},
      {type: 'text', text: ', [not a link](x) and `tick`'},
    ])
    // A backslash written as text before a parenthesis is that backslash: no math.
    expect(parseInlineMarkup('\\\\(x\\\\)')).toEqual([{type: 'text', text: '\\(x\\)'}])
    expect(parseInlineMarkup('a \\(x^2\\) b')).toEqual([
      {type: 'text', text: 'a '},
      {type: 'math', tex: 'x^2'},
      {type: 'text', text: ' b'},
    ])
  })

  it('reads italic opening with bold and bold ending with italic, as three asterisks read in CommonMark', () => {
    expect(parseInlineMarkup('***Required.** String Literal*. Then **plain** and *more*.')).toEqual([
      {
        type: 'em',
        children: [
          {type: 'strong', children: [{type: 'text', text: 'Required.'}]},
          {type: 'text', text: ' String Literal'},
        ],
      },
      {type: 'text', text: '. Then '},
      {type: 'strong', children: [{type: 'text', text: 'plain'}]},
      {type: 'text', text: ' and '},
      {type: 'em', children: [{type: 'text', text: 'more'}]},
      {type: 'text', text: '.'},
    ])
    expect(parseInlineMarkup('**Berth *four***')).toEqual([
      {
        type: 'strong',
        children: [
          {type: 'text', text: 'Berth '},
          {type: 'em', children: [{type: 'text', text: 'four'}]},
        ],
      },
    ])
  })

  it('reads ~~text~~ as struck-through text, its plain text without the tildes', () => {
    const nodes = parseInlineMarkup('~~update~~ then **~~pull~~**, a lone ~ tilde')
    expect(nodes).toEqual([
      {type: 'del', children: [{type: 'text', text: 'update'}]},
      {type: 'text', text: ' then '},
      {type: 'strong', children: [{type: 'del', children: [{type: 'text', text: 'pull'}]}]},
      {type: 'text', text: ', a lone ~ tilde'},
    ])
    expect(inlinePlainText(nodes)).toBe('update then pull, a lone ~ tilde')
  })

  it('reads a link inside brackets as that link with the brackets as text, and brackets inside a link text as its text', () => {
    expect(parseInlineMarkup('[ [Status](#status) ]')).toEqual([
      {type: 'text', text: '[ '},
      {type: 'link', href: '#status', children: [{type: 'text', text: 'Status'}]},
      {type: 'text', text: ' ]'},
    ])
    expect(parseInlineMarkup('see [kites[0]](/kites) and [![Logo](/logo.svg)](/home)')).toEqual([
      {type: 'text', text: 'see '},
      {type: 'link', href: '/kites', children: [{type: 'text', text: 'kites[0]'}]},
      {type: 'text', text: ' and '},
      {type: 'link', href: '/home', children: [{type: 'image', src: '/logo.svg', alt: 'Logo'}]},
    ])
  })

  it('reads the lines of a cell starting `- ` or `1. ` as lists, one list per run of items of a kind, the lines around them as text', () => {
    const nodes = parseCellMarkup('Needs:\n3. a **line**\n4. wind\n- a reel\nthen\nwait')
    expect(nodes).toEqual([
      {type: 'text', text: 'Needs:'},
      {
        type: 'list',
        ordered: true,
        start: 3,
        items: [
          [
            {type: 'text', text: 'a '},
            {type: 'strong', children: [{type: 'text', text: 'line'}]},
          ],
          [{type: 'text', text: 'wind'}],
        ],
      },
      {type: 'list', ordered: false, start: 1, items: [[{type: 'text', text: 'a reel'}]]},
      {type: 'text', text: 'then\nwait'},
    ])
    expect(inlinePlainText(nodes)).toBe('Needs: a line wind  a reel then\nwait')
  })

  it('keeps as text a line whose marker has a backslash before it, a marker without text after it, and a heading’s `- `', () => {
    expect(parseCellMarkup('\\1. Fly\n\\- Land\n-\n1.')).toEqual([{type: 'text', text: '1. Fly\n- Land\n-\n1.'}])
    expect(parseInlineMarkup('- Land')).toEqual([{type: 'text', text: '- Land'}])
  })

  it('reads ```code``` as a code box whose links are links and whose other markers are the code’s characters', () => {
    const nodes = parseInlineMarkup('Type: ```Promise<[Result](#result)> | *any* \\` x``` and `y`', (href) => `/fr${href}`)
    expect(nodes).toEqual([
      {type: 'text', text: 'Type: '},
      {
        type: 'codeBox',
        children: [
          {type: 'text', text: 'Promise<'},
          {type: 'link', href: '/fr#result', children: [{type: 'text', text: 'Result'}]},
          {type: 'text', text: '> | *any* ` x'},
        ],
      },
      {type: 'text', text: ' and '},
      {type: 'code', text: 'y'},
    ])
    expect(inlinePlainText(nodes)).toBe('Type: Promise<Result> | *any* ` x and y')
    // In a cell, beside a list.
    expect(parseCellMarkup('```[Options](#options)```\n- one')).toEqual([
      {type: 'codeBox', children: [{type: 'link', href: '#options', children: [{type: 'text', text: 'Options'}]}]},
      {type: 'list', ordered: false, start: 1, items: [[{type: 'text', text: 'one'}]]},
    ])
    // Three backticks never closed are text; so are three on another line.
    expect(parseInlineMarkup('```open')).toEqual([{type: 'text', text: '```open'}])
  })
})
