import {describe, expect, it} from 'vitest'
import {alignBlocks, structureOf} from '../align'
import {foldText, looksLikeComponentSource, looksLikeMdxSource, type Block} from '../blocks'
import {extractPage} from '../extract'

// Two renderings of one small page about kites, in the markup shapes of Docusaurus 3's theme-classic
// and of this site (web/src/portable-text/render.tsx, web/src/components/tabs.tsx).
const DOCUSAURUS_BODY = `
<header><h1>Kites</h1></header>
<p>A kite flies when the wind is steady. It needs a line.</p>
<p>Hold it high<br>then let go.</p>
<h2 id="parts" class="anchor">Parts<a href="#parts" class="hash-link" aria-label="Direct link to Parts">\u200b</a></h2>
<ul><li>Spar</li><li><p>Sail</p></li></ul>
<table><thead><tr><th>Part</th><th>Weight</th></tr></thead><tbody><tr><td>Spar</td><td>20 g</td></tr></tbody></table>
<div class="language-js codeBlockContainer_Ab12 theme-code-block"><div class="codeBlockContent_Cd34"><pre tabindex="0" class="prism-code language-js codeBlock_Ef56"><code class="codeBlockLines_Gh78"><span class="token-line"><span class="token keyword">const</span> kite = 1<br></span><span class="token-line">fly(kite)<br></span></code></pre><div class="buttonGroup_x"><button type="button" class="clean-btn">Copy</button></div></div></div>
<div class="theme-admonition theme-admonition-tip admonition_Ij90 alert alert--success"><div class="admonitionHeading_Kl12"><span class="admonitionIcon_Mn34"><svg viewBox="0 0 12 16"><path d="M0 0"></path></svg></span>Tip</div><div class="admonitionContent_Op56"><p>Check the wind first.</p></div></div>
<div class="tabs-container tabList_Qr78"><ul role="tablist" aria-orientation="horizontal" class="tabs"><li role="tab" tabindex="0" aria-selected="true" class="tabs__item tabItem_St90">npm</li><li role="tab" tabindex="-1" aria-selected="false" class="tabs__item tabItem_St90">Yarn</li></ul><div class="margin-top--md"><div role="tabpanel" class="tabItem_Uv12"><p>Install it with npm.</p></div><div role="tabpanel" class="tabItem_Uv12" hidden=""><p>Install it with Yarn.</p></div></div></div>
<details class="details_Wx34 alert alert--info details_Yz56" data-collapsed="true"><summary>More about tails</summary><div><div class="collapsibleContent_Za78"><p>Tails add drag.</p></div></div></details>
<p><span class="katex"><span class="katex-mathml"><math xmlns="http://www.w3.org/1998/Math/MathML"><semantics><mrow><mi>F</mi><mo>=</mo><mi>m</mi><mi>a</mi></mrow><annotation encoding="application/x-tex">F = ma</annotation></semantics></math></span><span class="katex-html" aria-hidden="true"><span class="base">F=ma</span></span></span> holds for the kite.</p>
<span class="katex-display"><span class="katex"><span class="katex-mathml"><math xmlns="http://www.w3.org/1998/Math/MathML" display="block"><semantics><mrow><mi>L</mi></mrow><annotation encoding="application/x-tex">L = \\frac{1}{2} \\rho v^2</annotation></semantics></math></span><span class="katex-html" aria-hidden="true">L</span></span></span>
<div class="docusaurus-mermaid-container"><svg id="mermaid-1" aria-roledescription="flowchart-v2"><g><text>Wind</text></g></svg></div>
<p><img src="/assets/images/red-kite-3f2a1b9c.png" alt="A red kite" class="img_Ab12"></p>
<iframe src="https://www.youtube.com/embed/kite123" title="Flying"></iframe>`

const OUR_BODY = `
<h1>Kites</h1>
<p>A kite flies when the wind is steady. It needs a line.</p>
<p>Hold it high<br/>then let go.</p>
<h2 id="parts">Parts</h2>
<ul><li>Spar</li><li>Sail</li></ul>
<div class="table-wrapper"><table><thead><tr><th>Part</th><th>Weight</th></tr></thead><tbody><tr><td>Spar</td><td>20 g</td></tr></tbody></table></div>
<div class="code-block" data-language="javascript"><div class="code-block-body"><div class="code-block-pre"><pre class="shiki" tabindex="0"><code><span class="line"><span style="color:#d73a49">const</span><span> kite = 1</span></span>
<span class="line"><span>fly(kite)</span></span></code></pre></div><button type="button" class="copy-button">Copy</button></div></div>
<aside class="admonition admonition-tip"><p class="admonition-title">Tip</p><div class="admonition-content"><p>Check the wind first.</p></div></aside>
<div class="tabs"><div role="tablist" class="tabs-list"><button type="button" role="tab" aria-selected="true" class="tabs-tab">npm</button><button type="button" role="tab" aria-selected="false" class="tabs-tab">Yarn</button></div><div role="tabpanel" class="tabs-panel"><p>Install it with npm.</p></div><div role="tabpanel" class="tabs-panel" hidden><p>Install it with Yarn.</p></div></div>
<details class="details"><summary>More about tails</summary><div class="details-content"><p>Tails add drag.</p></div></details>
<p><span class="katex"><span class="katex-mathml"><math><semantics><mrow><mi>F</mi></mrow><annotation encoding="application/x-tex">F=ma</annotation></semantics></math></span><span class="katex-html" aria-hidden="true">F=ma</span></span> holds for the kite.</p>
<div class="math-display"><span class="katex-display"><span class="katex"><span class="katex-mathml"><math display="block"><semantics><mrow><mi>L</mi></mrow><annotation encoding="application/x-tex">L=\\frac{1}{2}\\rho v^2</annotation></semantics></math></span><span class="katex-html" aria-hidden="true">L</span></span></span></div>
<figure class="diagram"><svg aria-roledescription="flowchart-v2" role="img"><g><text>Wind</text></g></svg></figure>
<figure class="themed-image"><img src="/_dataset/images/red-kite.png" alt="A red kite" loading="lazy"></figure>
<figure class="embed"><div data-embed-url="https://www.youtube.com/embed/kite123"></div></figure>`

function docusaurusPage(body: string): string {
  return `<!doctype html><html lang="en"><head><meta name="generator" content="Docusaurus v3.10.2"></head><body><nav class="navbar"><a href="/">Home</a></nav><div class="main-wrapper"><div class="container"><article><div class="theme-doc-markdown markdown">${body}</div></article><div class="theme-doc-toc-desktop"><a href="#parts">Parts</a></div></div></div><footer class="footer">©</footer></body></html>`
}

function ourPage(body: string): string {
  return `<!doctype html><html lang="en"><body><header><nav>Home</nav></header><main><nav class="docs-sidebar">Side</nav><article>${body}</article><nav class="toc">Parts</nav></main><footer>©</footer></body></html>`
}

const blocksOf = (html: string): Block[] => extractPage(html).blocks

describe('block extraction', () => {
  it("reads Docusaurus's doc markup as blocks in reading order", () => {
    const blocks = blocksOf(docusaurusPage(DOCUSAURUS_BODY))
    expect(blocks.map((block) => block.kind)).toEqual([
      'heading',
      'paragraph',
      'paragraph',
      'heading',
      'list-item',
      'list-item',
      'table-cell',
      'table-cell',
      'table-cell',
      'table-cell',
      'code',
      'admonition',
      'paragraph',
      'tabs',
      'paragraph',
      'paragraph',
      'details',
      'paragraph',
      'paragraph',
      'math',
      'diagram',
      'image',
      'iframe',
    ])
    expect(blocks[0]?.key).toBe('heading|h1|Kites')
    expect(blocks[2]).toMatchObject({key: 'paragraph|Hold it high ⏎ then let go.', breaks: 1})
    expect(blocks[3]?.key).toBe('heading|h2|Parts')
    expect(blocks[10]?.label).toBe('js, 2 lines: const kite = 1')
    expect(blocks[11]?.key).toBe('admonition|tip')
    expect(blocks[13]?.key).toBe('tabs|npm|Yarn')
    expect(blocks[16]?.key).toBe('details|More about tails')
    // Inline math is one mark of its paragraph; display math is a block with its TeX source.
    expect(blocks[18]?.key).toBe('paragraph|∮ holds for the kite.')
    expect(blocks[19]?.key).toBe('math|display|L=\\frac{1}{2}\\rhov^2')
    expect(blocks[21]?.key).toBe('image|A red kite')
    expect(blocks[22]?.key).toBe('iframe|www.youtube.com/embed/kite123')
  })

  it('reads a YouTube video from the privacy-enhanced host as the same frame', () => {
    const frame = (src: string) => blocksOf(ourPage(`<iframe src="${src}" title="Flying"></iframe>`)).map((block) => block.key)
    expect(frame('https://www.youtube-nocookie.com/embed/kite123')).toEqual(['iframe|www.youtube.com/embed/kite123'])
    expect(frame('https://youtube-nocookie.com/embed/kite123?start=4')).toEqual(['iframe|www.youtube.com/embed/kite123'])
    expect(frame('https://player.vimeo.com/video/42')).toEqual(['iframe|player.vimeo.com/video/42'])
  })

  it("reads this site's markup of the same page as the same blocks", () => {
    const reference = blocksOf(docusaurusPage(DOCUSAURUS_BODY))
    const ours = blocksOf(ourPage(OUR_BODY))
    expect(ours.map((block) => block.key)).toEqual(reference.map((block) => block.key))
    const structure = structureOf(reference, ours)
    expect(structure).toMatchObject({docusaurus: 23, ours: 23, matched: 23, score: 1, missing: [], extra: [], rawSource: []})
    expect(structure.lineBreaks).toMatchObject({docusaurus: 1, ours: 1, extra: 0, missing: 0})
  })

  it("reads Docusaurus 2's admonition, whose title is an <h5>, as one admonition", () => {
    const blocks = blocksOf(
      docusaurusPage(
        '<div class="admonition admonition-caution alert alert--warning"><div class="admonition-heading"><h5><span class="admonition-icon"><svg></svg></span>caution</h5></div><div class="admonition-content"><p>Mind the trees.</p></div></div>',
      ),
    )
    expect(blocks.map((block) => block.key)).toEqual(['admonition|caution', 'paragraph|Mind the trees.'])
  })

  it("reads an inline table of contents on both sides (Docusaurus's TOCInline, this site's .toc-inline)", () => {
    const reference = blocksOf(
      docusaurusPage(
        '<div class="tableOfContentsInline_Ab12"><ul class="table-of-contents"><li><a href="#parts">Parts</a></li></ul></div><h2 id="parts">Parts</h2>',
      ),
    )
    const ours = blocksOf(ourPage('<div class="toc-inline"><ul><li><a href="#parts">Parts</a></li></ul></div><h2 id="parts">Parts</h2>'))
    expect(reference.map((block) => block.key)).toEqual(['list-item|Parts', 'heading|h2|Parts'])
    expect(structureOf(reference, ours).score).toBe(1)
  })

  it('counts a "not converted" box of this site as a block Docusaurus does not have', () => {
    const reference = blocksOf(docusaurusPage('<p>Before.</p><p>After.</p>'))
    const ours = blocksOf(
      ourPage(
        '<p>Before.</p><div class="unconverted"><p class="unconverted-reason">not converted: Kite</p><pre>&lt;Kite size="big" /&gt;</pre></div><p>After.</p>',
      ),
    )
    const structure = structureOf(reference, ours)
    expect(ours.map((block) => block.kind)).toEqual(['paragraph', 'unconverted', 'paragraph'])
    expect(structure).toMatchObject({matched: 2, docusaurus: 2, ours: 3})
    expect(structure.score).toBeCloseTo(0.8)
    expect(structure.extra).toEqual(['unconverted: not converted: Kite — <Kite size="big" />'])
  })
})

describe('admonition aliases', () => {
  it('reads the aliases of Docusaurus 3 (important, success, secondary) as the kind they are drawn as', () => {
    const box = (type: string) =>
      `<div class="theme-admonition theme-admonition-${type} alert"><div class="admonitionHeading_x">${type}</div><div class="admonitionContent_y"><p>Text.</p></div></div>`
    const kinds = blocksOf(docusaurusPage(['important', 'success', 'secondary', 'caution'].map(box).join(''))).filter((block) => block.kind === 'admonition')
    expect(kinds.map((block) => block.key.split('|')[1])).toEqual(['info', 'tip', 'note', 'caution'])
  })
})

describe('tag lists', () => {
  it("reads a Docusaurus tag's count badge as a word apart from the tag's name", () => {
    const page = docusaurusPage('<ul><li><a class="tag_x tagWithCount_h2kH" href="/blog/tags/kites">Kites<span>8</span></a></li></ul>')
    expect(blocksOf(page).map((block) => block.label)).toEqual(['Kites 8'])
  })
})

describe('task list items', () => {
  it("reads Docusaurus's checkbox as the box this site writes in the item's text, checked or not", () => {
    const reference = blocksOf(
      docusaurusPage(
        '<ul class="contains-task-list"><li class="task-list-item"><input type="checkbox" disabled="" checked=""> Tie the line</li><li class="task-list-item"><input type="checkbox" disabled=""> Launch</li></ul>',
      ),
    )
    const ours = blocksOf(ourPage('<ul><li>☑ Tie the line</li><li>☐ Launch</li></ul>'))
    expect(reference.map((block) => block.label)).toEqual(['☑ Tie the line', '☐ Launch'])
    expect(structureOf(reference, ours).score).toBe(1)
  })
})

describe('a link followed by punctuation', () => {
  it('reads the same cell whether its words are links or text (a link refused here for its scheme keeps its text)', () => {
    const reference = blocksOf(
      docusaurusPage('<table><tbody><tr><td><a href="reel:add?x=1">Add to Reel</a>, <a href="reel:open">Open Reel</a>.</td></tr></tbody></table>'),
    )
    const ours = blocksOf(ourPage('<table><tbody><tr><td>Add to Reel, Open Reel.</td></tr></tbody></table>'))
    expect(reference.map((block) => block.label)).toEqual(['Add to Reel, Open Reel.'])
    expect(structureOf(reference, ours).score).toBe(1)
  })
})

describe('tabs inside a list item', () => {
  it("reads the item's text without the tab labels, on both sides (Docusaurus's tab list is a <ul>, this site's a <div>)", () => {
    const reference = blocksOf(
      docusaurusPage(
        '<ol><li><p>Add the reel</p><div class="tabs-container"><ul role="tablist" class="tabs"><li role="tab">npm</li><li role="tab">Yarn</li></ul><div><div role="tabpanel"><p>With npm.</p></div></div></div><p>Then wind it.</p></li></ol>',
      ),
    )
    const ours = blocksOf(
      ourPage(
        '<ol><li>Add the reel<div class="tabs"><div role="tablist" class="tabs-list"><button type="button" role="tab">npm</button><button type="button" role="tab">Yarn</button></div><div role="tabpanel" class="tabs-panel"><p>With npm.</p></div></div><p>Then wind it.</p></li></ol>',
      ),
    )
    expect(ours.find((block) => block.kind === 'list-item')?.label).toBe('Add the reel With npm. Then wind it.')
    expect(reference.find((block) => block.kind === 'list-item')?.label).toBe('Add the reel With npm. Then wind it.')
    expect(structureOf(reference, ours).score).toBe(1)
  })
})

describe("a card's one-line description", () => {
  it('compares the start readers see of a description CSS cuts to one line, not the text behind it', () => {
    const sentence = 'A kite with a long tail stays steady in gusty wind, '.repeat(8).trim()
    const reference = blocksOf(
      docusaurusPage(
        `<article class="card"><h2 class="text--truncate">Tails</h2><p class="text--truncate cardDescription_x" title="${sentence}">${sentence}</p></article>`,
      ),
    )
    const cut = `${sentence.slice(0, 290)}…`
    const ours = blocksOf(
      ourPage(`<article class="doc-card"><h2 class="doc-card-title">Tails</h2><p class="doc-card-description" title="${cut}">${cut}</p></article>`),
    )
    expect(structureOf(reference, ours).score).toBe(1)
    // A paragraph of the text is compared whole.
    expect(structureOf(blocksOf(docusaurusPage(`<p>${sentence}</p>`)), blocksOf(ourPage(`<p>${cut}</p>`))).score).toBe(0)
  })
})

describe('characters a browser drops', () => {
  it('reads a paragraph with NUL characters in its text as the browser shows it, without them', () => {
    const withNul = blocksOf(docusaurusPage('<p>The kite\u0000 rises\u0000 slowly.</p><p>Wind\u0000y days help.</p>'))
    expect(withNul.map((block) => block.label)).toEqual(['The kite rises slowly.', 'Windy days help.'])
  })
})

describe('the structure score', () => {
  it('fails raw MDX shown as code where Docusaurus rendered tabs', () => {
    const reference = blocksOf(
      docusaurusPage(
        '<p>Install it:</p><div class="tabs-container"><ul role="tablist" class="tabs"><li role="tab">npm</li><li role="tab">Yarn</li></ul><div><div role="tabpanel"><p>With npm.</p></div><div role="tabpanel" hidden><p>With Yarn.</p></div></div></div>',
      ),
    )
    const ours = blocksOf(
      ourPage(
        `<p>Install it:</p><div class="code-block" data-language="mdx-code-block"><div class="code-block-body"><div class="code-block-pre"><pre><code><span class="line">import Tabs from '@theme/Tabs';</span>
<span class="line">&lt;Tabs&gt;</span>
<span class="line">&lt;TabItem value="npm"&gt;</span></code></pre></div></div></div><p>With npm.</p><p>With Yarn.</p>`,
      ),
    )
    const structure = structureOf(reference, ours)
    expect(structure.rawSource).toEqual(["mdx-code-block, 3 lines: import Tabs from '@theme/Tabs';"])
    expect(structure.missing).toEqual(['tabs: npm | Yarn'])
    expect(structure.extra).toEqual(["code: mdx-code-block, 3 lines: import Tabs from '@theme/Tabs';"])
    expect(structure.score).toBeCloseTo(6 / 8)
  })

  it("fails a component's source shown as paragraphs of text where Docusaurus rendered tabs", () => {
    const reference = blocksOf(
      docusaurusPage(
        '<div class="tabs-container"><ul role="tablist" class="tabs"><li role="tab">API</li></ul><div><div role="tabpanel"><p>Send it.</p></div></div></div>',
      ),
    )
    const ours = blocksOf(ourPage(`<p>&lt;Tabs defaultValue="api" values={[ {label: 'API', value: 'api'},</p><p>]}&gt;</p><p>Send it.</p>`))
    const structure = structureOf(reference, ours)
    expect(structure.rawSource).toEqual(["<Tabs defaultValue=\"api\" values={[ {label: 'API', value: 'api'},"])
    // Text that merely starts with a capital after "<" is no source; neither is Docusaurus showing the same text.
    expect(looksLikeComponentSource('<Tabs> are drawn by the theme')).toBe(true)
    expect(looksLikeComponentSource('<T is a type parameter')).toBe(false)
    expect(looksLikeComponentSource("import Tabs from '@theme/Tabs';")).toBe(true)
    expect(looksLikeComponentSource('{(() => { const kinds = [proc, coproc];')).toBe(true)
    expect(looksLikeComponentSource("const rows = [ { id: 'lfp' } ]")).toBe(true)
    expect(looksLikeComponentSource('{curly} braces open this sentence.')).toBe(false)
    expect(looksLikeComponentSource('Constant folding = less work.')).toBe(false)
    expect(structureOf(ours, ours).rawSource).toEqual([])
  })

  it('does not call a code block of MDX that Docusaurus shows as code too raw source', () => {
    const code = `<pre><code>import Tabs from '@theme/Tabs';\n&lt;Tabs&gt;&lt;/Tabs&gt;</code></pre>`
    const reference = blocksOf(docusaurusPage(`<div class="language-mdx theme-code-block">${code}</div>`))
    const ours = blocksOf(ourPage(`<div class="code-block" data-language="mdx"><div class="code-block-pre">${code}</div></div>`))
    expect(structureOf(reference, ours)).toMatchObject({score: 1, rawSource: []})
  })

  it('compares a code block by the highlighter’s language, however the fence named it (hbs and handlebars, gql and graphql, jsonc and json)', () => {
    const code = `<pre><code>{{! Input }}\n&lt;MyComponent @value={{this.value}} /&gt;</code></pre>`
    for (const [fence, ourLanguage] of [
      ['hbs', 'handlebars'],
      ['gql', 'graphql'],
      ['jsonc', 'json'],
      ['py', 'python'],
    ]) {
      const reference = blocksOf(docusaurusPage(`<div class="language-${fence} theme-code-block">${code}</div>`))
      const ours = blocksOf(ourPage(`<div class="code-block" data-language="${ourLanguage}"><div class="code-block-pre">${code}</div></div>`))
      expect(structureOf(reference, ours)).toMatchObject({score: 1, rawSource: []})
    }
    // A fence whose info is text (```1. uci add zone): Docusaurus's class holds its first word as the language.
    const reference = blocksOf(docusaurusPage(`<div class="language-1. uci theme-code-block">${code}</div>`))
    const ours = blocksOf(ourPage(`<div class="code-block" data-language="1. uci"><div class="code-block-pre">${code}</div></div>`))
    expect(structureOf(reference, ours).score).toBe(1)
  })

  it('does not call raw source a code block that Docusaurus shows at the same place with line numbers and notes', () => {
    const decorated = `<pre><code><span>1</span>import * as React from 'react';<br><span>2</span>&lt;Header text="Hi" /&gt;; <span class="note">Error: cannot resolve Header</span><br></code></pre>`
    const plain = `<pre><code>import * as React from 'react';\n&lt;Header text="Hi" /&gt;;</code></pre>`
    const reference = blocksOf(docusaurusPage(`<p>Before.</p><div class="language-tsx theme-code-block">${decorated}</div><p>After.</p>`))
    const ours = blocksOf(ourPage(`<p>Before.</p><div class="code-block" data-language="js"><div class="code-block-pre">${plain}</div></div><p>After.</p>`))
    expect(structureOf(reference, ours).rawSource).toEqual([])
    // MDX that Docusaurus rendered (tabs of code) is still raw source when this site shows it as code.
    const tabs = blocksOf(
      docusaurusPage(`<p>Before.</p><div class="language-bash theme-code-block"><pre><code>npm install kit</code></pre></div><p>After.</p>`),
    )
    const source = blocksOf(
      ourPage(
        `<p>Before.</p><div class="code-block" data-language="mdx-code-block"><div class="code-block-pre"><pre><code>import Tabs from '@theme/Tabs';\n&lt;Tabs&gt;npm install kit&lt;/Tabs&gt;</code></pre></div></div><p>After.</p>`,
      ),
    )
    expect(structureOf(tabs, source).rawSource).toHaveLength(1)
  })

  it("reads an Expo Snack embed's files as the code its script shows, the same blocks as this site's code blocks of that code", () => {
    const app = "import {Text} from 'react-native';\nexport default () => <Text>Hi</Text>;\n"
    const files = encodeURIComponent(JSON.stringify({'App.tsx': {type: 'CODE', contents: app}, 'icon.png': {type: 'ASSET', contents: 'https://x/icon.png'}}))
    const reference = blocksOf(docusaurusPage(`<p>Before.</p><div class="snack-player" data-snack-name="Hi" data-snack-files="${files}"></div><p>After.</p>`))
    expect(reference.map((block) => block.kind)).toEqual(['paragraph', 'code', 'paragraph'])
    const code = `<pre><code>import {Text} from 'react-native';\nexport default () =&gt; &lt;Text&gt;Hi&lt;/Text&gt;;</code></pre>`
    const ours = blocksOf(ourPage(`<p>Before.</p><div class="code-block" data-language="tsx"><div class="code-block-pre">${code}</div></div><p>After.</p>`))
    expect(structureOf(reference, ours)).toMatchObject({score: 1, rawSource: []})
  })

  it('catches a line break at every source line where Docusaurus shows one paragraph', () => {
    const reference = blocksOf(docusaurusPage('<p>Paragraphs wrapped in the source are one line of text for a reader.</p>'))
    const ours = blocksOf(ourPage('<p>Paragraphs wrapped in the source<br/>are one line of text<br/>for a reader.</p>'))
    const structure = structureOf(reference, ours)
    expect(structure.score).toBe(0)
    expect(structure.lineBreaks).toMatchObject({docusaurus: 0, ours: 2, extra: 2, missing: 0, extraAt: ['source ⏎ are', 'text ⏎ for']})
  })

  it('reads a newline of the HTML source (a soft line break) as a space, as a browser does', () => {
    const reference = blocksOf(docusaurusPage('<p>Paragraphs wrapped in the source\nare one line of text for a reader.</p>'))
    const ours = blocksOf(ourPage('<p>Paragraphs wrapped in the source are one line of text for a reader.</p>'))
    expect(structureOf(reference, ours)).toMatchObject({score: 1, lineBreaks: {docusaurus: 0, ours: 0}})
  })

  it('aligns by sequence, so one extra block does not shift every match after it', () => {
    const make = (texts: string[]) => blocksOf(docusaurusPage(texts.map((text) => `<p>${text}</p>`).join('')))
    const reference = make(['one', 'two', 'three', 'four'])
    const ours = make(['zero', 'one', 'two', 'three', 'four'])
    const alignment = alignBlocks(reference, ours)
    expect(alignment.pairs).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 4],
    ])
    expect(alignment.extra).toEqual([0])
    expect(structureOf(reference, ours).score).toBeCloseTo(8 / 9)
  })

  it('matches blocks in order: a block moved elsewhere counts as missing once and extra once', () => {
    const make = (texts: string[]) => blocksOf(docusaurusPage(texts.map((text) => `<p>${text}</p>`).join('')))
    const structure = structureOf(make(['a', 'b', 'c', 'd']), make(['b', 'c', 'd', 'a']))
    expect(structure).toMatchObject({matched: 3, missing: ['paragraph: a'], extra: ['paragraph: a']})
  })

  it('scores two pages without blocks as equal, and a page missing here as 0', () => {
    expect(structureOf([], []).score).toBe(1)
    expect(structureOf(blocksOf(docusaurusPage('<p>Only there.</p>')), []).score).toBe(0)
  })
})

describe('helpers', () => {
  it('folds typography and keeps line breaks', () => {
    expect(foldText('  It\u2019s  \u201cfine\u201d\n\nreally ')).toBe('It\'s "fine" ⏎ really')
  })

  it('drops the spaces next to CJK characters (a wrapped source line in Chinese text), and keeps line breaks there', () => {
    expect(foldText('学生不需要死 记硬背年表 ,用 Cloudflare 部署')).toBe('学生不需要死记硬背年表,用Cloudflare部署')
    expect(foldText('第一行\n\n第二行')).toBe('第一行 ⏎ 第二行')
  })

  it('gives a leading pictograph one space before its word, however a theme version spaced them', () => {
    expect(foldText('📄️General Conventions')).toBe('📄️ General Conventions')
    expect(foldText('📄️ General Conventions')).toBe('📄️ General Conventions')
    expect(foldText('🗃️Templates')).toBe('🗃️ Templates')
    // Only at the start, only before a word: a sign inside a sentence or before punctuation stays as written.
    expect(foldText('Supported ✅yes')).toBe('Supported ✅yes')
    expect(foldText('✅[^1]')).toBe('✅[^1]')
  })

  it('recognizes MDX and JSX source', () => {
    expect(looksLikeMdxSource("import Tabs from '@theme/Tabs';")).toBe(true)
    expect(looksLikeMdxSource('<TabItem value="a">')).toBe(true)
    expect(looksLikeMdxSource('export const meta = {}')).toBe(true)
    expect(looksLikeMdxSource('<div class="x">plain HTML</div>')).toBe(false)
    expect(looksLikeMdxSource('npm install kite')).toBe(false)
  })
})
