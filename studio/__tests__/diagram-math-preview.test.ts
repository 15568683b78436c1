// The studio's previews under a diagram's and a formula's source: drawn as the site draws them, or the reason it cannot.
import {renderMermaidSVG} from 'beautiful-mermaid'
import {describe, expect, it} from 'vitest'
import {previewDiagram, previewMath} from '../inputs/diagram-math-preview'

const render = (code: string) => renderMermaidSVG(code, {bg: '#ffffff', fg: '#1c1e21'})

describe('the diagram preview', () => {
  it('draws a diagram the site draws, without fonts of another host', () => {
    const preview = previewDiagram('sequenceDiagram\n  Client->>Server: hello', render)
    expect('html' in preview && preview.html).toMatch(/^<svg/)
    expect('html' in preview && preview.html).not.toContain('@import')
  })

  it('says which kinds the site draws, and what the layout refuses', () => {
    expect(previewDiagram('pie\n  "a": 1', render)).toEqual({problem: expect.stringContaining('sequenceDiagram') as unknown})
    expect(previewDiagram('', render)).toEqual({problem: expect.stringContaining('first line names its kind') as unknown})
  })
})

describe('the formula preview', () => {
  it('typesets TeX as MathML, or gives KaTeX’s reason', () => {
    const preview = previewMath('\\frac{1}{2}', true)
    expect('html' in preview && preview.html).toContain('<math')
    expect('html' in preview && preview.html).not.toContain('katex-html')
    expect(previewMath('\\frac{1}{', false)).toEqual({problem: expect.stringMatching(/end of input/) as unknown})
  })
})
