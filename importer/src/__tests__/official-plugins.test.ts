// The official-plugins fixture (see its README): math, Mermaid diagrams, ideal-image and client
// redirects of a Docusaurus 3 site, imported as its config turns them on, with file:line for what
// the site cannot show as Docusaurus does and the source kept visible.
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {formatDiagnostic} from '../diagnostics'
import {checkDocument} from '../schema-check'
import {type Doc, type ImportedFixture, importFixture} from './fixture-site'

let fixture: ImportedFixture | undefined
let written: Doc[] = []

beforeAll(async () => {
  fixture = await importFixture('official-plugins', {packages: true})
  written = fixture.written
}, 60_000)

afterAll(async () => {
  await fixture?.remove()
})

type Block = Record<string, unknown> & {_type: string}

function bodyOf(slug: string): Block[] {
  const doc = written.find((document) => document._type === 'doc' && document.slug === slug)
  if (!doc) throw new Error(`no doc ${slug}`)
  return doc.body as Block[]
}

describe('the official-plugins fixture', () => {
  it('imports without errors, every document valid, and warns with file:line about each construct it shows as source', () => {
    const result = fixture?.result
    expect(result?.errors).toEqual([])
    for (const document of written.filter((candidate) => candidate._type !== 'translation.metadata'))
      expect(checkDocument(document), String(document._id)).toEqual([])
    expect(result?.warnings.map(formatDiagnostic)).toEqual([
      expect.stringMatching(/^docs\/diagrams\.md:28: a Mermaid diagram the site cannot draw \(mermaid syntax error: Parse error on line 2/),
      expect.stringMatching(/^docs\/diagrams\.md:34: a Mermaid diagram the site cannot draw \("pie title Clients by platform" is not a kind/),
      expect.stringMatching(/^docs\/math\.md:14: math that KaTeX cannot typeset \(.+\): shown as its TeX source in a code block$/),
      expect.stringMatching(/^docs\/math\.md:18: math that KaTeX cannot typeset \(.+\): shown as its TeX source in red, as rehype-katex shows it$/),
      expect.stringMatching(/^docs\/math\.md:26: math that KaTeX cannot typeset \(.+\): shown as its TeX source in red, as rehype-katex shows it$/),
    ])
  })

  it('makes math blocks and inline math of the docs that run remark-math', () => {
    const body = bodyOf('math')
    const inline = body.flatMap((block) => ((block.children as Block[] | undefined) ?? []).filter((child) => child._type === 'mathInline'))
    // The broken one stays math (the site shows its TeX in red); the last one is in a heading, a block like a paragraph.
    expect(inline.map((child) => child.tex)).toEqual(['t_{away} = 3 \\times t_{ping}', 't_{ping} = 10', 'n', '\\sqrt{n', 'n'])
    expect(body.filter((block) => block._type === 'mathBlock').map((block) => block.tex)).toEqual(['U(n) = n \\cdot (n - 1)'])
    expect(body.filter((block) => block._type === 'codeBlock')).toMatchObject([{language: 'latex', code: '$$\n\\frac{n}{\n$$'}])
  })

  it('keeps math in table cells as \\(TeX\\) markup that the site typesets, a broken one too (the site shows its TeX in red)', () => {
    const body = bodyOf('math')
    const table = body.find((block) => block._type === 'table') as {rows: Array<{cells: string[]}>} | undefined
    expect(table?.rows.map((row) => row.cells[0])).toEqual(['Symbol', '\\(t_{ping}\\)', '\\(t_{away}\\)', '\\(\\frac{1}{\\)'])
  })

  it('makes diagram blocks of the diagrams the site draws, and code blocks of the others', () => {
    const body = bodyOf('diagrams')
    expect(body.filter((block) => block._type === 'mermaidDiagram').map((block) => String(block.code).split('\n')[0])).toEqual([
      'sequenceDiagram',
      'stateDiagram-v2',
    ])
    expect(body.filter((block) => block._type === 'codeBlock').map((block) => String(block.code).split('\n')[0])).toEqual([
      'graph TD',
      'pie title Clients by platform',
    ])
  })

  it('makes responsive images of <Image> with the plugin options, from require() and from an address', () => {
    const images = bodyOf('images').filter((block) => block._type === 'themedImage')
    expect(images).toHaveLength(2)
    for (const image of images) expect(image.responsive).toEqual({min: 400, max: 1200, steps: 3, quality: 70})
    expect(images.map((image) => image.alt)).toEqual(['The dashboard of the lobby room, listing three members online', 'The status board of every room'])
  })

  it('makes a redirect of each from path of the plugin options, leading to the page as the site writes it', () => {
    const redirects = written
      .filter((document) => document._type === 'redirect')
      .map((document) => [document.from, document.to, String(document.origin).replace(/^docusaurus\.config\.mjs, plugins\[1\]\[1\]\./, '')])
    expect(redirects).toEqual(
      expect.arrayContaining([
        ['/docs/formulas', '/docs/math/', 'redirects[0]'],
        ['/docs/charts', '/docs/diagrams/', 'redirects[1]'],
        ['/docs/pictures/diagrams', '/docs/diagrams/', 'redirects[1]'],
        ['/docs/math.html', '/docs/math/', 'fromExtensions'],
        ['/docs/screenshots', '/docs/images/', 'createRedirects'],
      ]),
    )
    // No blog (blog: false): no redirect to one.
    expect(redirects.filter(([from]) => String(from).startsWith('/blog'))).toEqual([])
  })
})
