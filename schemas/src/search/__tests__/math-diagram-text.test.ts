// What search indexes of math and Mermaid diagrams: the words a reader could type.
import {describe, expect, it} from 'vitest'
import {diagramSearchText, texSearchText} from '../math-diagram-text'
import {searchableText} from '../records'

describe('texSearchText', () => {
  it('keeps the names of symbols and operators, without markup or spacing commands', () => {
    expect(texSearchText('d_n = \\min\\left(d_{\\max},\\ d_0 \\cdot 2^{\\,n-1}\\right)')).toBe('d n = min (d max , d 0 cdot 2 n-1 )')
    expect(texSearchText('\\frac{a}{b}')).toBe('frac a b')
    expect(texSearchText('\\text{delay}')).toBe('delay')
  })
})

describe('diagramSearchText', () => {
  it('keeps participants, messages, notes and block labels of a sequence diagram', () => {
    expect(
      diagramSearchText(
        'sequenceDiagram\n  participant C as Client\n  C->>S: GET /socket.io/\n  Note over C,S: upgrade\n  loop every pingInterval\n    S->>C: ping\n  end',
      ),
    ).toBe('Client GET /socket.io/ upgrade every pingInterval ping')
  })

  it('keeps node and edge labels of a flowchart, not its arrows or ids', () => {
    expect(diagramSearchText('graph TD\n  A[Client] -->|connect| B{Auth ok?}\n  B --> C((Room))\n  classDef x fill:#f00')).toBe('Client connect Auth ok? Room')
  })

  it('keeps the title, sections and task names of a gantt chart, not its dates, ids and settings', () => {
    const code =
      'gantt\n  title Harbour works\n  dateFormat YYYY-MM-DD\n  excludes weekends\n  section Pier\n  Survey the north side :done, s1, 2025-03-03, 5d\n  Pier open :milestone, after s1, 0d'
    expect(diagramSearchText(code)).toBe('Harbour works Pier Survey the north side Pier open')
  })

  it('keeps the branch names, commit ids, tags and messages of a git graph, not its commands', () => {
    const code =
      '---\nconfig:\n  theme: base\n---\ngitGraph\n  commit id: "init"\n  branch "hotfix"\n  checkout hotfix\n  commit msg: "patch the parser" tag: "v2.0.1"\n  checkout main\n  merge hotfix'
    expect(diagramSearchText(code)).toBe('init hotfix patch the parser v2.0.1 hotfix')
  })
})

describe('searchableText of math and diagrams', () => {
  it('reads inline math, math blocks and diagrams as their words', () => {
    expect(
      searchableText({
        _type: 'block',
        _key: 'a',
        children: [
          {_type: 'span', text: 'With '},
          {_type: 'mathInline', tex: 'd_{\\max}'},
          {_type: 'span', text: ' as the cap.'},
        ],
      } as never),
    ).toBe('With d max as the cap.')
    expect(searchableText({_type: 'mathBlock', _key: 'b', tex: 'U(n) = n^2'})).toBe('U(n) = n 2')
    expect(searchableText({_type: 'mermaidDiagram', _key: 'c', title: 'The handshake', code: 'sequenceDiagram\n  A->>B: open'})).toBe('The handshake open')
  })
})
