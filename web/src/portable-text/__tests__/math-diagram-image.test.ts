// The build-time renderers of math (KaTeX), Mermaid diagrams (beautiful-mermaid) and responsive images.
import {describe, expect, it} from 'vitest'
import {renderMath} from '../math'
import {readGantt} from '@site/schemas/markup/gantt'
import {inlineStyles, renderDiagram, withDirection} from '../mermaid'
import {parseVariantUrl, responsiveSizesAttribute, responsiveSrcset, responsiveWidths, variantUrl} from '../responsive-image'

describe('renderMath', () => {
  it('gives HTML and MathML for display and inline math', () => {
    const block = renderMath('\\frac{a}{b}', true)
    expect('html' in block && block.html).toMatch(
      /^<span class="katex-display"><span class="katex"><span class="katex-mathml"><math xmlns="http:\/\/www.w3.org\/1998\/Math\/MathML" display="block">/,
    )
    expect('html' in block && block.html).toContain('<mfrac>')
    const inline = renderMath('x^2', false)
    expect('html' in inline && inline.html).toContain('<span class="katex-html" aria-hidden="true">')
  })

  it('says why a formula cannot be typeset instead of throwing', () => {
    expect(renderMath('\\frac{1}{', true)).toEqual({problem: expect.stringMatching(/Unexpected end of input|Expected '}'/) as unknown})
  })
})

describe('renderDiagram', () => {
  it('draws a sequence diagram as SVG in the site colour variables, without <style>, fonts of another host or scripts', async () => {
    const result = await renderDiagram('sequenceDiagram\n  participant C as Client\n  C->>S: hello\n  S-->>C: welcome')
    if (!('svg' in result)) throw new Error(result.problem)
    expect(result.svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    expect(result.svg).toContain('--bg:var(--color-bg)')
    expect(result.svg).toContain('--fg:var(--color-text)')
    for (const label of ['Client', 'hello', 'welcome']) expect(result.svg).toContain(label)
    expect(result.svg).not.toMatch(/<style|@import|googleapis|<script|\son\w+=/i)
  })

  it('draws the kinds it knows and refuses others and syntax errors with the line', async () => {
    for (const code of [
      'graph LR\n  A --> B',
      'stateDiagram-v2\n  [*] --> Open\n  Open --> [*]',
      'classDiagram\n  Socket <|-- ServerSocket',
      'erDiagram\n  ROOM ||--o{ SOCKET : holds',
      'xychart-beta\n  x-axis [a, b]\n  bar [1, 2]',
    ]) {
      expect('svg' in (await renderDiagram(code)), code).toBe(true)
    }
    expect(await renderDiagram('pie\n  title A\n  "x" : 1')).toEqual({problem: expect.stringContaining('"pie" is not a kind of diagram') as unknown, line: 1})
    const syntax = await renderDiagram('sequenceDiagram\n  A->>: missing')
    expect(syntax).toMatchObject({line: 2, problem: expect.stringMatching(/^mermaid syntax error: Parse error on line 2/) as unknown})
  })

  it('draws a git graph: a lane a branch with its name, commits in the order written, merges, tags and given ids', async () => {
    const code = [
      '---',
      'config:',
      '  gitGraph:',
      "    mainBranchName: 'trunk'",
      '---',
      'gitGraph',
      '    commit id: "start"',
      '    branch "fix-<1>"',
      '    checkout "fix-<1>"',
      '    commit type: HIGHLIGHT',
      '    checkout trunk',
      '    merge "fix-<1>" tag: "v1.0.1"',
      '    commit',
    ].join('\n')
    const result = await renderDiagram(code)
    if (!('svg' in result)) throw new Error(result.problem)
    expect(result.svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 \d+ \d+" width="\d+" height="\d+" style="max-width:100%/)
    // The lanes' names (escaped), the tag and the one id the source gives; four commits, one a merge (a ring) and one highlighted.
    for (const text of ['>trunk<', '>fix-&lt;1&gt;<', '>v1.0.1<', '>start<']) expect(result.svg).toContain(text)
    expect(result.svg.match(/<circle /g)).toHaveLength(4)
    // The tag's box and the two lanes' name boxes are outlined; the highlighted commit is a filled square.
    expect(result.svg.match(/<rect [^>]*fill="var\(--color-bg\)" stroke/g)).toHaveLength(3)
    expect(result.svg).toContain('stroke="var(--color-primary)" stroke-width="3"')
    // Branch and merge lines between the lanes are curves; the rest straight.
    expect(result.svg.match(/<path d="M[\d.]+ [\d.]+ C/g)).toHaveLength(2)
    expect(result.svg).not.toMatch(/<style|<script|\son\w+=/i)
    // A merge of a branch named without quotes keeps its tag.
    const unquoted = await renderDiagram('gitGraph\n  commit\n  branch dev\n  commit\n  checkout main\n  merge dev tag: "v2"\n')
    expect('svg' in unquoted && unquoted.svg).toContain('>v2<')
    expect(await renderDiagram('gitGraph\n  commit\n  checkout nowhere\n')).toMatchObject({problem: expect.stringContaining('mermaid syntax error') as unknown})
  })

  it('draws a gantt chart: tasks by section, after others or at dates, durations skipping excluded weekends, milestones, the axis in its format', async () => {
    const code = [
      'gantt',
      '    title Harbour works',
      '    dateFormat YYYY-MM-DD',
      '    axisFormat %d %b',
      '    excludes weekends',
      '    section Pier',
      '    Survey <north>     :done, s1, 2025-03-03, 5d',
      '    Piles set          :crit, p1, after s1, 1w',
      '    Pier open          :milestone, after p1, 0d',
      '    section Lights',
      '    Lamps              :2025-03-10, 2025-03-12',
    ].join('\n')
    const {tasks} = readGantt(code)
    const day = (time: number) => new Date(time).toISOString().slice(0, 10)
    // As mermaid counts excluded days: five days from Monday 3 March are drawn to the Saturday, and what comes after them
    // starts on the Monday after the weekend; a week from that Monday ends on the Wednesday after the next weekend.
    expect(tasks.map((task) => [task.name, day(task.start), day(task.drawnEnd), day(task.end), task.milestone])).toEqual([
      ['Survey <north>', '2025-03-03', '2025-03-08', '2025-03-10', false],
      ['Piles set', '2025-03-10', '2025-03-19', '2025-03-19', false],
      ['Pier open', '2025-03-19', '2025-03-19', '2025-03-19', true],
      ['Lamps', '2025-03-10', '2025-03-12', '2025-03-12', false],
    ])
    const result = await renderDiagram(code)
    if (!('svg' in result)) throw new Error(result.problem)
    for (const text of ['>Harbour works<', '>Pier<', '>Lights<', '>Survey &lt;north&gt;<', '>Pier open<', '>03 Mar<']) expect(result.svg).toContain(text)
    expect(result.svg).toContain('stroke="hsl(0 70% 45%)"')
    expect(result.svg).toMatch(/<path d="M[\d.]+ [\d.]+ L[^"]*Z" fill="var\(--color-primary\)"\/>/)
    expect(result.svg).not.toMatch(/<style|<script|\son\w+=/i)
  })

  it('draws a flowchart whose header names no direction top down, as mermaid does', async () => {
    const code = '%% the number types\ngraph\n    UInt --> Int;\n    Int --> Real;\n'
    expect(withDirection(code)).toBe('%% the number types\ngraph TD\n    UInt --> Int;\n    Int --> Real;\n')
    expect(withDirection('flowchart;\n  a --> b')).toBe('flowchart TD\n  a --> b')
    expect(withDirection('graph LR\n  a --> b')).toBe('graph LR\n  a --> b')
    expect(withDirection('sequenceDiagram\n  A->>B: graph')).toBe('sequenceDiagram\n  A->>B: graph')
    const result = await renderDiagram(code)
    if (!('svg' in result)) throw new Error(result.problem)
    for (const label of ['UInt', 'Int', 'Real']) expect(result.svg).toContain(label)
  })

  it('folds a <style> into style attributes and prefixes ids, so that two diagrams on a page never share one', () => {
    const svg =
      '<svg style="--bg:red"><style>svg { --x: 1; } .a, text.b { fill: var(--x); } .a:hover { fill: red; }</style><defs><marker id="m"/></defs><path class="a" marker-end="url(#m)"/><text class="b">t</text><use href="#m"/></svg>'
    expect(inlineStyles(svg, 'd1')).toBe(
      '<svg style="--x: 1;--bg:red"><defs><marker id="d1-m"/></defs><path class="a" marker-end="url(#d1-m)" style="fill: var(--x)"/><text class="b" style="fill: var(--x)">t</text><use href="#d1-m"/></svg>',
    )
  })
})

describe('responsive images', () => {
  it('spreads the widths from min to max, never above the image', () => {
    expect(responsiveWidths(1600, {min: 480, max: 1600, steps: 3})).toEqual([480, 1040, 1600])
    expect(responsiveWidths(800, {min: 480, max: 1600, steps: 3})).toEqual([480, 640, 800])
    expect(responsiveWidths(300, {})).toEqual([300])
    expect(responsiveWidths(1280, {})).toEqual([320, 640, 960, 1280])
  })

  it('names dataset variants by width and quality and reads them back', () => {
    const url = '/_dataset/images/0123456789abcdef0123456789abcdef01234567-1600x800.png'
    expect(variantUrl(url, 480, 80)).toBe('/_dataset/images/0123456789abcdef0123456789abcdef01234567-1600x800-w480q80.png')
    expect(parseVariantUrl(variantUrl(url, 480, 80))).toEqual({original: url, width: 480, quality: 80})
    expect(responsiveSrcset(url, 1600, {min: 480, steps: 2, quality: 80})).toBe(`${variantUrl(url, 480, 80)} 480w, ${url} 1600w`)
  })

  it("uses the Sanity CDN's ?w= and &q= with a project, and nothing for vector images or other hosts", () => {
    expect(responsiveSrcset('https://cdn.sanity.io/images/p/d/abc-1600x800.png', 1600, {min: 800, steps: 2, quality: 70})).toBe(
      'https://cdn.sanity.io/images/p/d/abc-1600x800.png?w=800&q=70&auto=format 800w, https://cdn.sanity.io/images/p/d/abc-1600x800.png?w=1600&q=70&auto=format 1600w',
    )
    expect(responsiveSrcset('/_dataset/images/0123456789abcdef0123456789abcdef01234567-64x64.svg', 64, {})).toBeNull()
    expect(responsiveSrcset('https://example.com/a.png', 1600, {})).toBeNull()
    expect(responsiveSizesAttribute('400')).toBe('(max-width: 400px) 100vw, 400px')
  })
})
