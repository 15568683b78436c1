// Math, Mermaid and ideal-image in markdown → the Portable Text the importer writes, and what it reports.
import {describe, expect, it} from 'vitest'
import {type Diagnostic, formatDiagnostic} from '../../../diagnostics'
import {type BlockFeatures, convertMarkdown} from '../../to-portable-text'
import {DiagramChecks, mermaidFences} from '../mermaid'
import {hasRemarkMath, idealImageOptionsOf, isRehypeKatex, mermaidEnabled} from '../features'
import {idealImageSource} from '../ideal-image'

const FILE = 'docs/guide.md'

function convert(markdown: string, features: BlockFeatures): {blocks: unknown[]; warnings: string[]} {
  const diagnostics: Diagnostic[] = []
  const {blocks} = convertMarkdown(markdown, {
    file: FILE,
    features,
    resolveLink: (href) => href,
    resolveImage: (src) =>
      src.includes('missing') ? {problem: `image not found: ${src}`} : {_type: 'image', _sanityAsset: `image@file://./images/${src.split('/').pop()}`},
    warn: (diagnostic) => diagnostics.push(diagnostic),
  })
  return {
    blocks: JSON.parse(JSON.stringify(blocks, (key, value: unknown) => (key === '_key' ? undefined : value))) as unknown[],
    warnings: diagnostics.map(formatDiagnostic),
  }
}

describe('math (remark-math)', () => {
  it('makes a math block of $$…$$ and inline math of $…$, keeping the TeX', () => {
    const {blocks, warnings} = convert('The area is $\\pi r^2$ for a circle.\n\n$$\n\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}\n$$\n', {math: true})
    expect(warnings).toEqual([])
    expect(blocks).toEqual([
      {
        _type: 'block',
        style: 'normal',
        markDefs: [],
        children: [
          {_type: 'span', text: 'The area is ', marks: []},
          {_type: 'mathInline', tex: '\\pi r^2'},
          {_type: 'span', text: ' for a circle.', marks: []},
        ],
      },
      {_type: 'mathBlock', tex: '\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}'},
    ])
  })

  it('keeps dollars as text where the site does not run remark-math, as Docusaurus does', () => {
    const {blocks} = convert('It costs $5 and $6.', {math: false})
    expect(blocks).toEqual([{_type: 'block', style: 'normal', markDefs: [], children: [{_type: 'span', text: 'It costs $5 and $6.', marks: []}]}])
  })

  it('keeps math inside emphasis and links at its place, the marks on the text around it', () => {
    const {blocks} = convert('**Both $a$ and $b$** hold.', {math: true})
    expect(blocks).toEqual([
      {
        _type: 'block',
        style: 'normal',
        markDefs: [],
        children: [
          {_type: 'span', text: 'Both ', marks: ['strong']},
          {_type: 'mathInline', tex: 'a'},
          {_type: 'span', text: ' and ', marks: ['strong']},
          {_type: 'mathInline', tex: 'b'},
          {_type: 'span', text: ' hold.', marks: []},
        ],
      },
    ])
  })

  it('reports math KaTeX cannot read with file:line and shows its source: a latex code block, inline code', () => {
    const {blocks, warnings} = convert('Intro.\n\n$$\n\\frac{1}{\n$$\n\nSee $\\notacommand{x}$ here.\n', {math: true})
    expect(blocks).toEqual([
      {_type: 'block', style: 'normal', markDefs: [], children: [{_type: 'span', text: 'Intro.', marks: []}]},
      {_type: 'codeBlock', language: 'latex', code: '$$\n\\frac{1}{\n$$'},
      {
        _type: 'block',
        style: 'normal',
        markDefs: [],
        children: [
          {_type: 'span', text: 'See ', marks: []},
          {_type: 'mathInline', tex: '\\notacommand{x}'},
          {_type: 'span', text: ' here.', marks: []},
        ],
      },
    ])
    expect(warnings).toHaveLength(2)
    expect(warnings[0]).toMatch(/^docs\/guide\.md:3: math that KaTeX cannot typeset \(.+\): shown as its TeX source in a code block$/)
    expect(warnings[1]).toMatch(
      /^docs\/guide\.md:7: math that KaTeX cannot typeset \(.*notacommand.*\): shown as its TeX source in red, as rehype-katex shows it$/,
    )
  })
})

describe('Mermaid (markdown.mermaid)', () => {
  const handshake = 'sequenceDiagram\n  Client->>Server: open\n  Server-->>Client: sid'
  const broken = 'graph TD\n  A[Start --> B{'

  it('finds the diagrams of a file, in quotes and lists too', () => {
    expect(mermaidFences(`# T\n\n\`\`\`mermaid\n${handshake}\n\`\`\`\n\n> \`\`\`mermaid\n> graph LR\n>   A --> B\n> \`\`\`\n`)).toEqual([
      handshake,
      'graph LR\n  A --> B',
    ])
  })

  it('makes a diagram block of a mermaid fence, with its title', async () => {
    const checks = new DiagramChecks()
    const markdown = `\`\`\`mermaid title="The handshake"\n${handshake}\n\`\`\`\n`
    expect(await checks.checkAll([markdown])).toBe(1)
    const {blocks, warnings} = convert(markdown, {mermaid: true, diagramProblem: (code) => checks.problemOf(code)})
    expect(warnings).toEqual([])
    expect(blocks).toEqual([{_type: 'mermaidDiagram', code: handshake, title: 'The handshake'}])
  })

  it('leaves a mermaid fence a code block where the config does not turn diagrams on', () => {
    const {blocks} = convert(`\`\`\`mermaid\n${handshake}\n\`\`\`\n`, {mermaid: false})
    expect(blocks).toEqual([{_type: 'codeBlock', language: 'mermaid', code: handshake}])
  })

  it('reports a syntax error at its line in the file and shows the source; and a kind the site cannot draw', async () => {
    const markdown = `Text.\n\n\`\`\`mermaid\n${broken}\n\`\`\`\n\n\`\`\`mermaid\npie title Pets\n  "Dogs" : 3\n\`\`\`\n`
    const checks = new DiagramChecks()
    await checks.checkAll([markdown])
    const {blocks, warnings} = convert(markdown, {mermaid: true, diagramProblem: (code) => checks.problemOf(code)})
    expect(blocks.slice(1)).toEqual([
      {_type: 'codeBlock', language: 'text', code: broken},
      {_type: 'codeBlock', language: 'text', code: 'pie title Pets\n  "Dogs" : 3'},
    ])
    // The fence is at line 3: the diagram's line 2 is the file's line 5.
    expect(warnings[0]).toMatch(
      /^docs\/guide\.md:5: a Mermaid diagram the site cannot draw \(mermaid syntax error: Parse error on line 2.*\): shown as its source in a code block$/,
    )
    expect(warnings[1]).toMatch(
      /^docs\/guide\.md:9: a Mermaid diagram the site cannot draw \("pie title Pets" is not a kind of diagram the site draws at build/,
    )
  })
})

describe('ideal-image', () => {
  it('reads the address of every form of the img prop', () => {
    expect(idealImageSource("require('./img/a.png')")).toBe('./img/a.png')
    expect(idealImageSource('require("./img/a.png").default')).toBe('./img/a.png')
    expect(idealImageSource("useBaseUrl('/img/a.png')")).toBe('/img/a.png')
    expect(idealImageSource('/img/a.png')).toBe('/img/a.png')
    expect(idealImageSource('{src: x}')).toBeNull()
  })

  it('makes a responsive image of <Image img={require(…)} /> with the plugin options', () => {
    const markdown = "import Image from '@theme/IdealImage';\n\n<Image img={require('./img/chart.png')} alt=\"A chart\" />\n"
    const {blocks, warnings} = convert(markdown, {idealImage: {min: 480, max: 1600, steps: 3, quality: 80}})
    expect(warnings).toEqual([])
    expect(blocks).toEqual([
      {
        _type: 'themedImage',
        light: {_type: 'image', _sanityAsset: 'image@file://./images/chart.png'},
        alt: 'A chart',
        responsive: {min: 480, max: 1600, steps: 3, quality: 80},
      },
    ])
  })

  it('keeps an image that cannot be found as source, with file:line', () => {
    const {blocks, warnings} = convert("import Img from '@theme/IdealImage';\n\nText.\n\n<Img img={require('./missing.png')} />\n", {})
    expect(blocks[1]).toMatchObject({_type: 'unconverted', location: 'docs/guide.md:5'})
    expect(warnings).toEqual(['docs/guide.md:5: image not found: ./missing.png; kept verbatim in a "not converted" block'])
  })
})

describe('what the config turns on', () => {
  function remarkMath() {}
  function rehypeKatex() {}
  function other() {}
  it('finds remark-math, rehype-katex, markdown.mermaid and the ideal-image options', () => {
    expect(hasRemarkMath({remarkPlugins: [other, remarkMath]})).toBe(true)
    expect(hasRemarkMath({beforeDefaultRemarkPlugins: [[remarkMath, {}]]})).toBe(true)
    expect(hasRemarkMath({remarkPlugins: [other]})).toBe(false)
    expect(isRehypeKatex([rehypeKatex, {strict: false}])).toBe(true)
    expect(mermaidEnabled({markdown: {mermaid: true}})).toBe(true)
    expect(mermaidEnabled({themes: ['@docusaurus/theme-mermaid']})).toBe(false)
    expect(idealImageOptionsOf({plugins: [['@docusaurus/plugin-ideal-image', {quality: 70, max: 1030, min: 640, steps: 2, disableInDev: false}]]})).toEqual({
      quality: 70,
      max: 1030,
      min: 640,
      steps: 2,
    })
    expect(idealImageOptionsOf({plugins: ['@docusaurus/plugin-ideal-image']})).toEqual({})
    expect(idealImageOptionsOf({plugins: []})).toBeUndefined()
  })
})

describe('ideal-image addresses of the site folder', () => {
  it('reads @site/static/ from the root and other @site/ paths from the site folder', async () => {
    const {siteRelative} = await import('../ideal-image')
    expect(siteRelative('@site/static/img/a.png', 'docs/guide/x.md')).toBe('/img/a.png')
    expect(siteRelative('@site/docs/assets/a.png', 'docs/guide/x.md')).toBe('../assets/a.png')
    expect(siteRelative('@site/docs/guide/a.png', 'docs/guide/x.md')).toBe('./a.png')
    expect(siteRelative('./a.png', 'docs/x.md')).toBe('./a.png')
  })
})

describe('HTML kept whole', () => {
  const table = '<table>\n  <tr>\n    <td>`tide_table`</td>\n  </tr>\n</table>\n'
  it('reads its text as markdown in MDX (Docusaurus 3), as written under CommonMark (Docusaurus 2, .md under format: detect)', () => {
    expect(convert(table, {}).blocks).toEqual([{_type: 'rawHtml', html: table.trim().replace('`tide_table`', '<code>tide_table</code>')}])
    expect(convert(table, {indentedCode: true}).blocks).toEqual([{_type: 'rawHtml', html: table.trim()}])
  })
})
