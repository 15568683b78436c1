// HTML written in markdown, kept whole (tables, lists): as MDX reads it, its text is markdown.
import {describe, expect, it} from 'vitest'
import {withInlineMarkdown} from '../html-elements'

describe('withInlineMarkdown', () => {
  it('makes code spans, strong and emphasis in the text between tags markup, as MDX does', () => {
    expect(withInlineMarkdown('<table><tr><td>`tide_table`</td><td>**Moored** and *drifting*, _anchored_</td></tr></table>')).toBe(
      '<table><tr><td><code>tide_table</code></td><td><strong>Moored</strong> and <em>drifting</em>, <em>anchored</em></td></tr></table>',
    )
  })

  it('shows a JSX expression of one string as that string, escaped, and not as markdown', () => {
    expect(withInlineMarkdown(`<td><div>{"['Berth']"}<br />{'/'}<br />{"*all* & more"}</div></td>`)).toBe(
      "<td><div>['Berth']<br />/<br />*all* &amp; more</div></td>",
    )
  })

  it('leaves what is not markdown emphasis as written: words joined by underscores, products', () => {
    expect(withInlineMarkdown('<ul><li>set max_crew_size to 2*3*4</li></ul>')).toBe('<ul><li>set max_crew_size to 2*3*4</li></ul>')
  })

  it('keeps the text of <pre> and <code> as written, reads a tag inside a code span as code, and keeps attributes as they are', () => {
    expect(withInlineMarkdown('<pre>`as is` **too**</pre>')).toBe('<pre>`as is` **too**</pre>')
    expect(withInlineMarkdown('<p>Use `<Tabs>` here</p>')).toBe('<p>Use <code>&lt;Tabs&gt;</code> here</p>')
    expect(withInlineMarkdown('<a title="*not* `code`" href="/x">go</a>')).toBe('<a title="*not* `code`" href="/x">go</a>')
    expect(withInlineMarkdown('<td>`` a`b ``</td>')).toBe('<td><code>a`b</code></td>')
  })
})
