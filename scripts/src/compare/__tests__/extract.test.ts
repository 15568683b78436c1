import {describe, expect, it} from 'vitest'
import {codeKey, extractPage} from '../extract'
import {tokenize} from '../words'

// Markup shaped like Docusaurus theme-classic's doc page (2.4 / 3.x class names), text of our own.
const DOCUSAURUS_DOC = `<!doctype html>
<html lang="en" dir="ltr" class="docs-wrapper docs-doc-page">
<head><meta name="generator" content="Docusaurus v2.4.3"><title>Kites | Demo</title><style>.x{}</style></head>
<body>
<div role="region" aria-label="Skip to main content"><a class="skipToContent_fXgn" href="#__docusaurus_skipToContent_fallback">Skip to main content</a></div>
<nav aria-label="Main" class="navbar navbar--fixed-top"><a class="navbar__item">Guide</a><a class="navbar__item">Blog</a></nav>
<div id="__docusaurus_skipToContent_fallback" class="main-wrapper mainWrapper_z2l0 docsWrapper_BCFX">
<div class="docPage__5DB">
<aside class="theme-doc-sidebar-container docSidebarContainer_b6E3"><nav aria-label="Docs sidebar" class="menu thin-scrollbar"><a class="menu__link">Sidebar entry</a></nav></aside>
<main class="docMainContainer_gTbr"><div class="container padding-top--md padding-bottom--lg"><div class="row"><div class="col docItemCol_VOVn">
<div class="docItemContainer_Djhp"><article>
<nav class="theme-doc-breadcrumbs breadcrumbsContainer_Z_bl" aria-label="Breadcrumbs"><ul class="breadcrumbs"><li>Home</li><li>Kites</li></ul></nav>
<span class="theme-doc-version-badge badge badge--secondary">Version: 4.x</span>
<div class="tocCollapsible_ETCw theme-doc-toc-mobile tocMobile_ITEo"><button type="button" class="clean-btn tocCollapsibleButton_TO0P">On this page</button></div>
<div class="theme-doc-markdown markdown"><header><h1>Flying kites</h1></header>
<p>A kite needs wind. Hold the <code>line</code> firmly.</p>
<h2 class="anchor anchorWithStickyNavbar_LWe7" id="choosing-a-kite">Choosing a kite<a href="#choosing-a-kite" class="hash-link" aria-label="Direct link to Choosing a kite" title="Direct link to Choosing a kite">\u200b</a></h2>
<div class="theme-admonition theme-admonition-tip alert alert--success admonition_LlT9"><div class="admonitionHeading_tbUL"><span class="admonitionIcon_kALy"><svg viewBox="0 0 12 16"><path d="M1"></path></svg></span>tip</div><div class="admonitionContent_S0QG"><p>Bright colours are easier to follow.</p></div></div>
<div class="tabs-container tabList__CuJ"><ul role="tablist" aria-orientation="horizontal" class="tabs"><li role="tab" tabindex="0" aria-selected="true" class="tabs__item tabItem_LNqP tabs__item--active">Diamond</li><li role="tab" tabindex="-1" aria-selected="false" class="tabs__item tabItem_LNqP">Box</li></ul><div class="margin-top--md"><div role="tabpanel" class="tabItem_Ymn6"><p>Diamond kites are simple.</p></div><div role="tabpanel" class="tabItem_Ymn6" hidden=""><p>Box kites lift heavy loads.</p></div></div></div>
<div class="language-js codeBlockContainer_Ckt0 theme-code-block"><div class="codeBlockTitle_Ktv7">kite.js</div><div class="codeBlockContent_biex"><pre tabindex="0" class="prism-code language-js codeBlock_bY9V thin-scrollbar"><code class="codeBlockLines_e6Vv"><span class="token-line"><span class="token plain">kite</span><span class="token punctuation">.</span><span class="token function">launch</span><span class="token punctuation">(</span><span class="token punctuation">)</span><span class="token punctuation">;</span><br></span><span class="token-line"><span class="token plain">kite</span><span class="token punctuation">.</span><span class="token function">land</span><span class="token punctuation">(</span><span class="token punctuation">)</span><br></span></code></pre><div class="buttonGroup__atx"><button type="button" aria-label="Copy code to clipboard" title="Copy" class="clean-btn"><span class="copyButtonIcons_eSgA" aria-hidden="true"><svg></svg></span></button></div></div></div>
<details class="details_lb9f alert alert--info details_b_Ee" data-collapsed="true"><summary>Safety notes</summary><div><div class="collapsibleContent_i85q"><p>Never fly near power lines.</p></div></div></details>
<p><img loading="lazy" alt="A red kite" src="/assets/images/kite-5f3a.png" width="320" height="200" class="img_ev3q"></p>
<video controls="" src="/videos/flight.mp4"></video>
<iframe src="https://player.example.com/embed/1" title="Flight"></iframe>
</div>
<footer class="theme-doc-footer docusaurus-mt-lg"><div class="row margin-top--sm theme-doc-footer-edit-meta-row"><a class="theme-edit-this-page" href="https://example.com/edit">Edit this page</a><span class="theme-last-updated">Last updated on Jan 2, 2024</span></div></footer>
</article><nav class="pagination-nav docusaurus-mt-lg" aria-label="Docs pages"><a class="pagination-nav__link">Previous</a></nav></div>
</div><div class="col col--3"><div class="tableOfContents_bqdL thin-scrollbar theme-doc-toc-desktop"><ul class="table-of-contents"><li><a href="#choosing-a-kite">Choosing a kite</a></li></ul></div></div></div></div></main>
</div></div>
<footer class="footer footer--dark"><div class="footer__copyright">Copyright 2024 Demo</div></footer>
<script src="/assets/js/main.js"></script>
</body></html>`

// Markup shaped like this site's doc page (web/src/ui/doc-page.tsx, web/src/portable-text/render.tsx).
const OUR_DOC = `<!DOCTYPE html><html lang="en"><head><title>Flying kites</title></head><body>
<a class="skip-link" href="#main">Skip to content</a>
<header class="navbar"><nav aria-label="Main"><a href="/docs/v4/">Guide</a></nav></header>
<div class="docs-layout">
<nav class="docs-sidebar" aria-label="Docs"><details class="sidebar-disclosure"><summary class="sidebar-summary">Docs</summary><ul><li><a>Sidebar entry</a></li></ul></details><script>(function(){})()</script></nav>
<main class="doc-main">
<nav class="breadcrumbs" aria-label="Breadcrumbs"><ol><li><a>Home</a></li><li aria-current="page">Kites</li></ol></nav>
<span class="version-badge">Version: 4.x</span>
<article class="doc-article"><h1>Flying kites</h1>
<p>A kite needs wind. Hold the <code>line</code> firmly.</p>
<h2 id="choosing-a-kite">Choosing a kite</h2>
<aside class="admonition admonition-tip"><p class="admonition-title">Tip</p><div class="admonition-content"><p>Bright colours are easier to follow.</p></div></aside>
<div class="tabs"><div role="tablist" class="tabs-list"><button type="button" role="tab" aria-selected="true" class="tabs-tab">Diamond</button><button type="button" role="tab" aria-selected="false" class="tabs-tab">Box</button></div><div role="tabpanel" class="tabs-panel"><p>Diamond kites are simple.</p></div><div role="tabpanel" class="tabs-panel" hidden=""><p>Box kites lift heavy loads.</p></div></div>
<div class="code-block" data-language="js"><div class="code-block-title">kite.js</div><div class="code-block-body"><div class="code-block-pre"><pre class="shiki"><code><span class="line"><span>kite.launch();</span></span>
<span class="line"><span>kite.land()</span></span></code></pre></div><button type="button" class="copy-button" aria-label="Copy code">Copy</button></div></div>
<div class="unconverted" data-location="docs/kites.md:40"><p class="unconverted-reason">Not converted: a details block</p><pre><code>&lt;details&gt;Safety notes&lt;/details&gt;</code></pre></div>
<figure class="themed-image"><img src="/_dataset/images/kite.png" alt="A red kite"></figure>
<figure class="embed"><div class="lazy-embed" data-embed-url="https://player.example.com/embed/1" data-embed-title="Flight"></div><noscript><iframe src="https://player.example.com/embed/1" title="Flight"></iframe></noscript></figure>
<p>External <a href="https://example.com">site<span class="visually-hidden"> (opens in a new tab)</span></a></p>
</article>
<div class="doc-footer"><a class="edit-link">Edit this page</a></div>
<nav class="pagination-nav"><a>Previous</a></nav>
</main>
<aside class="doc-toc"><nav class="toc" aria-label="On this page"><p class="toc-title">On this page</p><ul><li><a href="#choosing-a-kite">Choosing a kite</a></li></ul></nav></aside>
</div>
<footer class="footer"><p>Copyright 2024 Demo</p></footer>
</body></html>`

describe('extractPage on Docusaurus markup', () => {
  const page = extractPage(DOCUSAURUS_DOC)

  it('reads the doc markdown only: no navbar, sidebar, breadcrumbs, table of contents, footer or edit link', () => {
    expect(page.region).toBe('.theme-doc-markdown')
    expect(page.lang).toBe('en')
    expect(page.generator).toBe('Docusaurus v2.4.3')
    const words = tokenize(page.text, 'en')
    expect(words.slice(0, 4)).toEqual(['flying', 'kites', 'a', 'kite'])
    for (const chrome of ['guide', 'sidebar', 'breadcrumbs', 'home', 'page', 'edit', 'updated', 'copyright', 'previous', 'skip', 'version'])
      expect(words).not.toContain(chrome)
  })

  it('keeps hidden tab panels, tab labels, closed details and the admonition heading', () => {
    const words = tokenize(page.text, 'en')
    for (const kept of ['box', 'heavy', 'diamond', 'safety', 'power', 'tip', 'bright']) expect(words).toContain(kept)
  })

  it('keeps code lines apart where Docusaurus ends them with <br>', () => {
    expect(page.codeBlocks).toEqual(['kite.launch();\nkite.land()'])
    expect(tokenize(page.text, 'en')).toContain('kite.launch')
  })

  it("reads a tag list's counts as their own words, as the badges show them", () => {
    const tags = extractPage(
      '<html><body><main><ul><li><a rel="tag" class="tag_qE9H tagWithCount_UC8q" href="/blog/tags/kites">kites<span>3</span></a></li></ul></main></body></html>',
    )
    expect(tokenize(tags.text, 'en')).toEqual(['kites', '3'])
  })

  it('counts headings with their anchors and each construct once', () => {
    expect(page.headings).toEqual([
      {level: 1, id: null, text: 'Flying kites'},
      {level: 2, id: 'choosing-a-kite', text: 'Choosing a kite'},
    ])
    expect(page).toMatchObject({tabs: 1, admonitions: 1, details: 1, videos: 1, embeds: 1, unconverted: 0})
    expect(page.images).toEqual([{src: '/assets/images/kite-5f3a.png', alt: 'A red kite'}])
  })
})

describe('extractPage on minified Docusaurus markup', () => {
  const table = (cells: string) => `<html><body><div class="theme-doc-markdown markdown"><h1>Winds</h1>${cells}<p>After the table.</p></div></body></html>`

  it('reads each cell of a table whose cell and row end tags were left out, as a browser does', () => {
    const minified = table('<table><thead><tr><th>Wind<th>Speed<tbody><tr><td>Breeze<td>light<tr><td>Gale<td>strong</table>')
    const cells = extractPage(minified)
      .blocks.filter((block) => block.kind === 'table-cell')
      .map((block) => block.key)
    expect(cells).toEqual(['table-cell|Wind', 'table-cell|Speed', 'table-cell|Breeze', 'table-cell|light', 'table-cell|Gale', 'table-cell|strong'])
    const written = table(
      '<table><thead><tr><th>Wind</th><th>Speed</th></tr></thead><tbody><tr><td>Breeze</td><td>light</td></tr><tr><td>Gale</td><td>strong</td></tr></tbody></table>',
    )
    expect(extractPage(written).blocks.map((block) => block.key)).toEqual(extractPage(minified).blocks.map((block) => block.key))
  })

  it('closes a list item whose paragraph and end tag were left out where the next item starts, as a browser does', () => {
    const item = (date: string, release: string) => `<li data-date="${date}"><h2>${release}</h2><p><a href="/notes">notes</a><ul><li>Faster kites</li></ul>`
    const minified = table(`<ul>${item('May', 'Kites 2.1')}<p><a href="/more">more</a>${item('April', 'Kites 2.0')}</ul>`)
    const items = extractPage(minified)
      .blocks.filter((block) => block.kind === 'list-item')
      .map((block) => block.key)
    // Each dated item holds its own heading and links, never the next item's.
    expect(items).toEqual(['list-item|Kites 2.1 notes more', 'list-item|Faster kites', 'list-item|Kites 2.0 notes', 'list-item|Faster kites'])
  })
})

describe("extractPage on this site's markup", () => {
  const page = extractPage(OUR_DOC)

  it('reads the article: no sidebar, breadcrumbs, table of contents, footer or screen-reader hints', () => {
    expect(page.region).toBe('article')
    const words = tokenize(page.text, 'en')
    for (const chrome of ['guide', 'sidebar', 'home', 'page', 'edit', 'copyright', 'previous', 'opens', 'copy']) expect(words).not.toContain(chrome)
    for (const kept of ['flying', 'box', 'heavy', 'diamond', 'external', 'site']) expect(words).toContain(kept)
  })

  it('counts the "not converted" box and keeps its source out of the code blocks and its reason out of the text', () => {
    expect(page.unconverted).toBe(1)
    expect(page.codeBlocks).toEqual(['kite.launch();\nkite.land()'])
    expect(tokenize(page.text, 'en')).not.toContain('converted')
    expect(tokenize(page.text, 'en')).toContain('safety')
  })

  it('counts a lazily loaded embed once, not its no-script copy again', () => {
    expect(page).toMatchObject({tabs: 1, admonitions: 1, details: 0, videos: 0, embeds: 1})
    expect(page.headings.map((heading) => heading.id)).toEqual([null, 'choosing-a-kite'])
  })

  it('gives the same code key as the Docusaurus block', () => {
    const reference = extractPage(DOCUSAURUS_DOC).codeBlocks[0] ?? ''
    expect(codeKey(page.codeBlocks[0] ?? '')).toBe(codeKey(reference))
  })
})

describe('the main region of other pages', () => {
  it("takes a blog post's only article, and the whole main of a list with several articles", () => {
    const post = extractPage(
      '<html><body><nav>Menu</nav><main><article><h1>News</h1><p>Hello readers.</p></article><nav class="pagination-nav">Older</nav></main></body></html>',
    )
    expect(post.region).toBe('article')
    expect(tokenize(post.text, 'en')).toEqual(['news', 'hello', 'readers'])
    const list = extractPage(
      '<html><body><main><h1 class="visually-hidden">Blog</h1><article><h2>One</h2></article><article><h2>Two</h2></article></main><footer>Foot</footer></body></html>',
    )
    expect(list.region).toBe('main')
    expect(tokenize(list.text, 'en')).toEqual(['one', 'two'])
  })

  it("takes the whole main of Docusaurus's tags page, even when one letter gives it one article", () => {
    const tags = extractPage(
      '<html class="blog-wrapper blog-tags-list-page plugin-blog"><body><main><h1>Tags</h1><section><article><h2 id="K">K</h2><ul><li><a rel="tag" class="tag_zVej tagWithCount_h2kH" href="/blog/tags/kites">kites<span>3</span></a></li></ul></article></section></main></body></html>',
    )
    expect(tags.region).toBe('main')
    expect(tags.blocks.map((block) => block.key)).toEqual(['heading|h1|Tags', 'heading|h2|K', 'list-item|kites 3'])
  })

  it("takes Docusaurus's main wrapper for a React page, whose hero is outside <main>", () => {
    const home = extractPage(
      '<html><body><nav class="navbar">Docs</nav><div id="__docusaurus_skipToContent_fallback" class="main-wrapper"><header class="hero"><h1>Realtime for all</h1></header><main><section><p>Fast and sure.</p></section></main></div><footer class="footer">Foot</footer></body></html>',
    )
    expect(home.region).toBe('.main-wrapper')
    expect(tokenize(home.text, 'en')).toEqual(['realtime', 'for', 'all', 'fast', 'and', 'sure'])
  })

  it("takes Docusaurus's generated index page whole: its title heading stands in a header beside the article of its cards", () => {
    const index = extractPage(
      '<html><body><main><div class="generatedIndexPage_vN6x"><nav class="theme-doc-breadcrumbs">Home</nav><header><h1 class="title_kItE">Harbours</h1></header><article class="margin-top--lg"><section class="row"><article class="docCardListItem_W1sv"><h2>North pier</h2></article></section></article></div></main></body></html>',
    )
    expect(index.region).toBe('.generatedIndexPage')
    expect(tokenize(index.text, 'en')).toEqual(['harbours', 'north', 'pier'])
  })

  it('falls back to the body, still without navigation and scripts', () => {
    const bare = extractPage('<html><body><nav>Menu</nav><p>Plain page.</p><script>var hidden = 1</script></body></html>')
    expect(bare.region).toBe('body')
    expect(tokenize(bare.text, 'en')).toEqual(['plain', 'page'])
  })

  it('separates block elements but not inline ones', () => {
    const page = extractPage(
      '<html><body><main><p>alpha</p><p>beta<strong>gamma</strong></p><ul><li>one</li><li>two</li></ul><p><a class="button">Start</a><a class="button">Read</a></p></main></body></html>',
    )
    expect(tokenize(page.text, 'en')).toEqual(['alpha', 'betagamma', 'one', 'two', 'start', 'read'])
  })
})
