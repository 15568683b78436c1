// What the site can typeset or draw: the checks the importer, the studio's preview and the build share.
import {describe, expect, it} from 'vitest'
import {diagramProblem} from '../markup/diagram'
import {katexMessage, katexOptions, mathProblem} from '../markup/math'

describe('mathProblem', () => {
  it('accepts what KaTeX reads and names the position of what it cannot', () => {
    expect(mathProblem('e^{i\\pi} + 1 = 0', false)).toBeNull()
    expect(mathProblem('\\int_0^1 x^2\\,dx = \\frac{1}{3}', true)).toBeNull()
    expect(mathProblem('\\frac{1}{', true)).toMatch(/Unexpected end of input|Expected '}'/)
    expect(mathProblem('\\undefinedmacro', false)).toMatch(/^Undefined control sequence: \\undefinedmacro at position 1/)
  })

  it('reads formulas as the site typesets them: HTML and MathML, errors thrown, no trusted commands', () => {
    expect(katexOptions(true)).toEqual({displayMode: true, output: 'htmlAndMathml', throwOnError: true, strict: 'ignore', trust: false})
    expect(katexOptions(false).displayMode).toBe(false)
  })

  it('gives a message without KaTeX prefix, and any other thrown value as text', () => {
    expect(katexMessage(new Error('KaTeX parse error: Expected group after ^ at position 2'))).toBe('Expected group after ^ at position 2')
    expect(katexMessage('plain')).toBe('plain')
  })
})

describe('diagramProblem', () => {
  it('accepts each kind the site draws', async () => {
    for (const code of [
      'graph LR\n  A --> B',
      'sequenceDiagram\n  C->>S: hello',
      // A box of participants (its colour read through window.CSS, which Node has not) and numbered messages.
      'sequenceDiagram\n  autonumber 9\n  box Server side\n    participant S\n  end\n  C->>S: hello',
      'stateDiagram-v2\n  [*] --> Open',
      'classDiagram\n  Socket <|-- ServerSocket',
      'erDiagram\n  ROOM ||--o{ SOCKET : holds',
      'xychart-beta\n  x-axis [a, b]\n  bar [1, 2]',
    ])
      expect(await diagramProblem(code), code).toBeNull()
  })

  it('checks diagrams side by side, as a build does, a box of participants in each', async () => {
    const boxed = (name: string) => `sequenceDiagram\n  box ${name}\n    participant S\n  end\n  C->>S: hello`
    expect(await Promise.all(['Harbour', 'Quay', 'Dock'].map((name) => diagramProblem(boxed(name))))).toEqual([null, null, null])
    expect('window' in globalThis).toBe(false)
  })

  it('refuses an empty source, a kind the site does not draw (with its line) and a syntax error (with the parser’s line)', async () => {
    expect(await diagramProblem('  \n')).toEqual({problem: 'the diagram is empty'})
    expect(await diagramProblem('\n\npie\n  title A\n  "x" : 1')).toEqual({
      problem: expect.stringContaining('"pie" is not a kind of diagram') as unknown,
      line: 3,
    })
    expect(await diagramProblem('sequenceDiagram\n  A->>: missing')).toMatchObject({
      line: 2,
      problem: expect.stringMatching(/^mermaid syntax error: Parse error on line 2/) as unknown,
    })
  })
})
