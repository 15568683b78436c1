// The Portable Text renderer, block type by block type, rendered to static markup.
import {renderToStaticMarkup} from 'react-dom/server'
import {describe, expect, it} from 'vitest'
import {createTranslator} from '@site/schemas/i18n'
import {testRoutingTable} from '../../site/__tests__/routing-fixture'
import {countWords, prepareBody, truncateAtReadMore} from '../prepare'
import {DocCards, PortableBody} from '../render'
import type {NestedRichText} from '@site/schemas/types'
import type {RichBody} from '../types'
import {buildToc} from '../toc'

const LOCALES = testRoutingTable().locales

const fr = createTranslator('fr', 'en', [
  {
    language: 'fr',
    messages: [
      {key: 'code.copy', value: 'Copier'},
      {key: 'admonition.tip', value: 'astuce'},
    ],
  },
])
const en = createTranslator('en', 'en', [])

async function render(body: RichBody, locale: 'en' | 'fr' = 'en') {
  const prepared = await prepareBody(body, {locales: LOCALES, locale, translator: locale === 'fr' ? fr : en, document: 'doc v4/test'})
  return {html: renderToStaticMarkup(<PortableBody blocks={prepared.blocks} />), prepared}
}

const span = (text: string, marks: string[] = []) => ({_type: 'span' as const, _key: `s-${text.length}-${marks.join('')}`, text, marks})

describe('Portable Text renderer', () => {
  it('shows the cards a page lists itself, under the reader’s locale, instead of its category’s', async () => {
    const body: RichBody = [
      {
        _type: 'docCardList',
        _key: 'cards',
        items: [
          {_type: 'docCard', _key: 'c1', label: 'Rooms', href: '/docs/v4/rooms/', description: 'Groups of sockets'},
          {_type: 'docCard', _key: 'c2', label: 'A guide elsewhere', href: 'https://example.org/guide'},
        ],
      },
    ]
    const {html} = await render(body, 'fr')
    expect(html).toContain('href="/fr/docs/v4/rooms/"')
    expect(html).toContain('Groups of sockets')
    expect(html).toContain('href="https://example.org/guide"')
    expect(html.match(/class="doc-card[ "]/g)).toHaveLength(2)
  })

  it('renders paragraphs, marks, lists and localized links', async () => {
    const {html} = await render(
      [
        {
          _type: 'block',
          _key: 'b1',
          style: 'normal',
          markDefs: [
            {_type: 'link', _key: 'l1', href: '/docs/v4/rooms/'},
            {_type: 'link', _key: 'l2', href: 'https://example.com'},
          ],
          children: [span('Read '), span('rooms', ['l1']), span(' and '), span('this', ['l2', 'strong']), span(' x', ['code'])],
        },
        {_type: 'block', _key: 'b2', style: 'normal', listItem: 'bullet', level: 1, markDefs: [], children: [span('one')]},
        {_type: 'block', _key: 'b3', style: 'normal', listItem: 'bullet', level: 1, markDefs: [], children: [span('two')]},
      ],
      'fr',
    )
    expect(html).toContain('<a href="/fr/docs/v4/rooms/">rooms</a>')
    expect(html).toMatch(/<a href="https:\/\/example.com" rel="noopener[^"]*"[^>]*><strong>this<\/strong><\/a>/)
    expect(html).toContain('<code> x</code>')
    expect(html).toContain('<ul><li>one</li><li>two</li></ul>')
  })

  it('draws a line that MDX keeps out of paragraphs without a paragraph, its small offset text kept and positions that leave the flow refused', async () => {
    const element = (key: string, style: string) => ({_type: 'inlineElement' as const, _key: key, tag: 'span' as const, style})
    const {html} = await render([
      {
        _type: 'block',
        _key: 'since',
        style: 'line',
        markDefs: [element('e1', 'position: relative; top: -12px; font-size: small')],
        children: [span('Since: 2.4', ['e1'])],
      },
      {
        _type: 'block',
        _key: 'over',
        style: 'normal',
        markDefs: [element('e2', 'position: fixed; top: 0; color: teal')],
        children: [span('Casts off from the pier.', ['e2'])],
      },
    ])
    expect(html).toBe(
      '<div class="text-line"><span style="position:relative;top:-12px;font-size:small">Since: 2.4</span></div>' +
        '<p><span style="top:0;color:teal">Casts off from the pier.</span></p>',
    )
  })

  it('draws a link whose look is a button as the site’s primary or secondary button, in the text', async () => {
    const {html} = await render(
      [
        {
          _type: 'block',
          _key: 'b1',
          style: 'normal',
          markDefs: [
            {_type: 'link', _key: 'l1', href: '/docs/v4/rooms/', look: 'button'},
            {_type: 'link', _key: 'l2', href: 'https://example.com/chat', look: 'button-secondary'},
          ],
          children: [span('Start', ['l1']), span(' or '), span('chat', ['l2'])],
        },
      ],
      'fr',
    )
    expect(html).toContain('<a href="/fr/docs/v4/rooms/" class="button button-primary">Start</a> or ')
    expect(html).toMatch(/<a href="https:\/\/example.com\/chat" class="button button-secondary" rel="noopener[^"]*"[^>]*>chat<\/a>/)
  })

  it('highlights code in both themes at build time and marks highlighted lines', async () => {
    const {html} = await render(
      [{_type: 'codeBlock', _key: 'c1', language: 'js', title: 'server.js', code: 'const a = 1;\nconst b = 2;\n', highlightedLines: [2]}],
      'fr',
    )
    expect(html).toContain('<div class="code-block" data-language="js">')
    expect(html).toContain('<div class="code-block-title">server.js</div>')
    expect(html).toContain('<pre class="shiki shiki-themes github-light-high-contrast github-dark-high-contrast"')
    expect(html).toMatch(/--shiki-light:#[0-9A-Fa-f]{6}/)
    expect(html).toMatch(/--shiki-dark:#[0-9A-Fa-f]{6}/)
    const lines = [...html.matchAll(/<span class="(line[^"]*)"/g)].map((match) => match[1])
    expect(lines).toEqual(['line', 'line highlighted'])
    expect(html).toContain('>Copier</span></button>')
  })

  it('renders an admonition with its kind class and a localized title when it has none', async () => {
    const {html} = await render(
      [
        {
          _type: 'admonition',
          _key: 'a1',
          kind: 'tip',
          body: [{_type: 'block', _key: 'b', style: 'normal', markDefs: [], children: [span('Rooms are server-side.')]}],
        },
      ],
      'fr',
    )
    expect(html).toContain('<aside class="admonition admonition-tip"><p class="admonition-title">astuce</p>')
    expect(html).toContain('<p>Rooms are server-side.</p>')
    const titled = await render([{_type: 'admonition', _key: 'a2', kind: 'danger', title: 'Careful', body: []}])
    expect(titled.html).toContain('<p class="admonition-title">Careful</p>')
  })

  it('renders a video with its sources and the text browsers show where it cannot play, links localized', async () => {
    const {html} = await render(
      [
        {
          _type: 'video',
          _key: 'v1',
          controls: true,
          sources: [{_type: 'videoSource', _key: 's', url: 'https://cdn.example/demo.mp4', mimeType: 'video/mp4'}],
          fallback: 'Cannot play it; [read the guide](/docs/v4/rooms/) instead.',
        },
      ],
      'fr',
    )
    expect(html).toContain(
      '<source src="https://cdn.example/demo.mp4" type="video/mp4"/>Cannot play it; <a href="/fr/docs/v4/rooms/">read the guide</a> instead.</video>',
    )
    const bare = await render([{_type: 'video', _key: 'v2', sources: [{_type: 'videoSource', _key: 's', url: 'https://cdn.example/demo.mp4'}]}])
    expect(bare.html).toContain('<a href="https://cdn.example/demo.mp4">https://cdn.example/demo.mp4</a></video>')
  })

  it('renders every tab panel on the server, the default one visible', async () => {
    const {html} = await render([
      {
        _type: 'tabs',
        _key: 't1',
        groupId: 'lang',
        panels: [
          {
            _type: 'tabPanel',
            _key: 'p1',
            value: 'cjs',
            label: 'CommonJS',
            body: [{_type: 'block', _key: 'x', style: 'normal', markDefs: [], children: [span('require it')]}],
          },
          {
            _type: 'tabPanel',
            _key: 'p2',
            value: 'esm',
            label: 'ES modules',
            isDefault: true,
            body: [{_type: 'block', _key: 'y', style: 'normal', markDefs: [], children: [span('import it')]}],
          },
        ],
      },
    ])
    expect(html).toContain('role="tablist"')
    expect(html).toMatch(/aria-selected="false"[^>]*>CommonJS<\/button>/)
    expect(html).toMatch(/aria-selected="true"[^>]*>ES modules<\/button>/)
    expect(html).toMatch(/role="tabpanel"[^>]*hidden=""[^>]*><p>require it<\/p>/)
    expect(html).toMatch(/role="tabpanel"[^>]*class="tabs-panel"><p>import it<\/p>/)
  })

  it('renders the inline markup of table cells', async () => {
    const {html} = await render(
      [
        {
          _type: 'table',
          _key: 't',
          rows: [
            {_type: 'tableRow', _key: 'r1', cells: ['Method', 'Effect']},
            {_type: 'tableRow', _key: 'r2', cells: ['`join()`', '**joins** a *room*, see [rooms](/docs/v4/rooms/)']},
            {_type: 'tableRow', _key: 'r3', cells: ['~~`enter()`~~', 'removed']},
          ],
          align: ['left', 'none'],
        },
      ],
      'fr',
    )
    expect(html).toContain('<td style="text-align:left"><del><code>enter()</code></del></td>')
    expect(html).toContain('<thead><tr><th style="text-align:left">Method</th><th>Effect</th></tr></thead>')
    expect(html).toContain('<td style="text-align:left"><code>join()</code></td>')
    expect(html).toContain('<td><strong>joins</strong> a <em>room</em>, see <a href="/fr/docs/v4/rooms/">rooms</a></td>')
  })

  it('draws a code box, in a cell or in a paragraph’s place, as a block of code whose links lead under the reader’s locale', async () => {
    const {html} = await render(
      [
        {
          _type: 'table',
          _key: 't',
          rows: [
            {_type: 'tableRow', _key: 'r1', cells: ['Param', 'Type']},
            {_type: 'tableRow', _key: 'r2', cells: ['`options`', '```Array<[Room](/docs/v4/rooms/)> | *any*```']},
          ],
        },
        {
          _type: 'block',
          _key: 'b',
          style: 'codeBox',
          markDefs: [{_type: 'link', _key: 'l', href: '/docs/v4/rooms/'}],
          children: [span('Promise<'), span('Room', ['l']), span('>')],
        },
      ],
      'fr',
    )
    expect(html).toContain('<td><pre class="code-box"><code>Array&lt;<a href="/fr/docs/v4/rooms/">Room</a>&gt; | *any*</code></pre></td>')
    expect(html).toContain('<pre class="code-box"><code>Promise&lt;<a href="/fr/docs/v4/rooms/">Room</a>&gt;</code></pre>')
    expect(html).not.toContain('```')
  })

  it('breaks the line of a table cell where its text has a newline (a <br> of the source)', async () => {
    const {html} = await render([
      {
        _type: 'table',
        _key: 't',
        rows: [
          {_type: 'tableRow', _key: 'r1', cells: ['Option', 'Default']},
          {_type: 'tableRow', _key: 'r2', cells: ['`timeout`', '20 seconds\n(**45** behind a proxy)']},
        ],
        align: [],
      },
    ])
    expect(html).toContain('<td>20 seconds<br/>(<strong>45</strong> behind a proxy)</td>')
  })

  it('shows the lines of a table cell that start `- ` or `1. ` as a list in the cell, and a line after a backslash as text', async () => {
    const {html} = await render(
      [
        {
          _type: 'table',
          _key: 't',
          rows: [
            {_type: 'tableRow', _key: 'r1', cells: ['Step', 'How']},
            {_type: 'tableRow', _key: 'r2', cells: ['Launch', 'You need to:\n2. Face the `wind`\n3. Let [the line](/docs/v4/line/) out\nthen wait.']},
            {_type: 'tableRow', _key: 'r3', cells: ['Land', '- slack\n- dips']},
            {_type: 'tableRow', _key: 'r4', cells: ['Count', '\\1. Fly\n\\2. Land']},
          ],
          align: [],
        },
      ],
      'fr',
    )
    expect(html).toContain(
      '<td>You need to:<ol start="2"><li>Face the <code>wind</code></li><li>Let <a href="/fr/docs/v4/line/">the line</a> out</li></ol>then wait.</td>',
    )
    expect(html).toContain('<td><ul><li>slack</li><li>dips</li></ul></td>')
    expect(html).toContain('<td>1. Fly<br/>2. Land</td>')
  })

  it('draws a category’s cards as Docusaurus does: a heading per item after its emoji (doc, category, other site, its own), the description a paragraph', () => {
    const html = renderToStaticMarkup(
      <DocCards
        cards={[
          {label: 'Knots', href: '/docs/knots/', description: 'Which knot holds a kite line.'},
          {label: 'Repairs', href: '/docs/repairs/', items: 3},
          {label: 'Weather service', href: 'https://weather.example.org/'},
          {label: '🚀 Launching', href: '/docs/launching/'},
        ]}
      />,
    )
    const headings = [...html.matchAll(/<h2[^>]*>(.*?)<\/h2>/g)].map((match) => match[1])
    // Docusaurus 3.10's icons: a category's is U+1F5C3 alone; a label's own leading emoji is its card's icon.
    expect(headings).toEqual(['📄️ Knots', '\u{1F5C3} Repairs', '🔗 Weather service', '🚀 Launching'])
    expect(html).toContain('title="Launching"')
    expect([...html.matchAll(/<p[^>]*>(.*?)<\/p>/g)].map((match) => match[1])).toEqual(['Which knot holds a kite line.'])
    expect(html).not.toContain('<li')
    expect(html).toContain('<a href="/docs/knots/">')
  })

  it('typesets the math of a table cell (\\(TeX\\) markup) with KaTeX at build, and shows a formula KaTeX cannot read as its TeX in red, its reason as title', async () => {
    const {html} = await render([
      {
        _type: 'table',
        _key: 't',
        rows: [
          {_type: 'tableRow', _key: 'r1', cells: ['Symbol', 'Meaning']},
          {_type: 'tableRow', _key: 'r2', cells: ['\\(t_{ping}\\)', 'time between pings, at most \\(\\frac{1}{2}\\) of the timeout']},
          {_type: 'tableRow', _key: 'r3', cells: ['\\(\\frac{1}{\\)', 'broken']},
        ],
        align: [],
      },
    ])
    const cells = [...html.matchAll(/<td>(.*?)<\/td>/g)].map((match) => match[1] ?? '')
    expect(cells[0]).toMatch(/^<span class="math-inline"><span class="katex">/)
    expect(cells[0]).toContain('<annotation encoding="application/x-tex">t_{ping}</annotation>')
    expect(cells[1]).toMatch(/^time between pings, at most <span class="math-inline"><span class="katex">.*<\/span> of the timeout$/)
    expect(cells[2]).toMatch(/^<span class="katex-error" title="[^"]*expected &#x27;}&#x27;[^"]*" style="color:#cc0000">\\frac\{1\}\{<\/span>$/)
  })

  it('shows the images of table cells (badges, icons, a linked image), and the alternative text for a refused address', async () => {
    const {html} = await render([
      {
        _type: 'table',
        _key: 't',
        rows: [
          {_type: 'tableRow', _key: 'r1', cells: ['Project', 'Stars']},
          {_type: 'tableRow', _key: 'r2', cells: ['![](/img/logos/rooms.svg) Rooms', '![stars](https://img.shields.io/github/stars/socketio/socket.io)']},
          {_type: 'tableRow', _key: 'r3', cells: ['[![CI](https://ci.example.org/badge.svg)](https://ci.example.org/)', '![x](javascript:alert(1))']},
        ],
        align: [],
      },
    ])
    expect(html).toContain('<td><img src="/img/logos/rooms.svg" alt="" loading="lazy" decoding="async" class="inline-image"/> Rooms</td>')
    expect(html).toContain(
      '<td><img src="https://img.shields.io/github/stars/socketio/socket.io" alt="stars" loading="lazy" decoding="async" class="inline-image"/></td>',
    )
    expect(html).toContain(
      '<a href="https://ci.example.org/" rel="noopener noreferrer" target="_blank"><img src="https://ci.example.org/badge.svg" alt="CI" loading="lazy" decoding="async" class="inline-image"/>',
    )
    expect(html).not.toContain('javascript:')
    expect(html).not.toContain('![')
  })

  it('gives headings unique anchors, explicit ones first', async () => {
    const {html, prepared} = await render([
      {_type: 'block', _key: 'h1', style: 'h2', markDefs: [], children: [span('Usage')]},
      {_type: 'heading', _key: 'h2', level: 2, text: 'Usage', anchor: 'usage'},
      {_type: 'block', _key: 'h3', style: 'h3', markDefs: [], children: [span('Émettre des événements')]},
      {_type: 'heading', _key: 'h4', level: 3, text: 'The `join` method', anchor: 'custom-join'},
    ])
    expect(html).toContain('<h2 id="usage-1">Usage</h2>')
    expect(html).toContain('<h2 id="usage">Usage</h2>')
    expect(html).toContain('<h3 id="émettre-des-événements">Émettre des événements</h3>')
    expect(html).toContain('<h3 id="custom-join">The <code>join</code> method</h3>')
    expect(prepared.headings.map((heading) => heading.anchor)).toEqual(['usage-1', 'usage', 'émettre-des-événements', 'custom-join'])
  })

  it("shows a level-1 heading of a page's text as an h1 with its anchor, left out of the table of contents as in Docusaurus", async () => {
    const {html, prepared} = await render([
      {_type: 'block', _key: 'a', style: 'h2', markDefs: [], children: [span('Setup')]},
      {_type: 'block', _key: 'b', style: 'h1', markDefs: [], children: [span('Reference')]},
      {_type: 'heading', _key: 'c', level: 1, text: 'API', anchor: 'api'},
    ])
    expect(html).toContain('<h1 id="reference" class="text-h1">Reference</h1>')
    expect(html).toContain('<h1 id="api" class="text-h1">API</h1>')
    expect(prepared.headings.map((heading) => [heading.level, heading.anchor])).toEqual([
      [2, 'setup'],
      [1, 'reference'],
      [1, 'api'],
    ])
    expect(buildToc(prepared.headings).map((entry) => entry.anchor)).toEqual(['setup'])
  })

  it('shows both variants of a themed image with their sizes', async () => {
    const image = (hash: string) => ({_type: 'image' as const, asset: {_type: 'reference' as const, _ref: `image-${hash}-40x20-png`}})
    const {html} = await render([{_type: 'themedImage', _key: 'i', alt: 'Diagram', light: image('aa11'), dark: image('bb22')}])
    expect(html).toContain('<img class="themed-image-light" src="/_dataset/images/aa11-40x20.png" alt="Diagram" width="40" height="20"')
    expect(html).toContain('<img class="themed-image-dark" src="/_dataset/images/bb22-40x20.png"')
    // Its caption's inline markup, links under the reader's locale.
    const captioned = await render(
      [{_type: 'themedImage', _key: 'c', alt: 'Pier', light: image('cc33'), caption: 'The **north** pier, see [rooms](/docs/v4/rooms/)'}],
      'fr',
    )
    expect(captioned.html).toContain('<figcaption>The <strong>north</strong> pier, see <a href="/fr/docs/v4/rooms/">rooms</a></figcaption>')
  })

  it('sanitizes raw HTML: no script, no event handlers', async () => {
    const {html} = await render([
      {
        _type: 'rawHtml',
        _key: 'r',
        html: '<p onclick="x()">Hi <b>there</b></p><script>alert(1)</script><img src="/a.png" onerror="steal()"><a href="javascript:alert(1)">x</a>',
      },
    ])
    expect(html).toContain('<p>Hi <b>there</b></p>')
    expect(html).not.toContain('<script')
    expect(html).not.toContain('onerror')
    expect(html).not.toContain('onclick')
    expect(html).not.toContain('javascript:')
    expect(html).toContain('<img src="/a.png" />')
  })

  it('draws an anchor in a line of text as an empty element with its id, where a link’s #fragment lands', async () => {
    const {html} = await render([
      {
        _type: 'block',
        _key: 'b',
        style: 'normal',
        listItem: 'bullet',
        level: 1,
        markDefs: [],
        children: [{_type: 'anchorTarget', _key: 'a', id: 'reel-speed'}, span('Wind the reel slowly.')],
      },
    ])
    expect(html).toContain('<li><span id="reel-speed" class="anchor-target"></span>Wind the reel slowly.</li>')
  })

  it('keeps the <nav> of a page’s own navigation (a React page’s links to its sibling pages), as Docusaurus shows it', async () => {
    const {html} = await render([
      {
        _type: 'rawHtml',
        _key: 'r',
        html: '<nav class="container" onclick="x()"><ul class="nav"><li><a href="/community/talks">Talks</a></li><li><a href="/community/streams">Streams</a></li></ul></nav>',
      },
    ])
    expect(html).toContain('<nav class="container"><ul class="nav"><li><a href="/community/talks">Talks</a></li>')
  })

  it('keeps the controls of a page’s form demo (a button, a labelled checkbox), never one that submits', async () => {
    const {html} = await render([
      {
        _type: 'rawHtml',
        _key: 'r',
        html: '<form action="https://evil.example/"><label for="s"><input type="checkbox" id="s" checked onchange="x()"> Subscribe</label><input type="password"><button type="submit" onclick="x()">Add to cart</button></form>',
      },
    ])
    expect(html).toBe(
      '<div class="raw-html"><label for="s"><input id="s" checked type="checkbox" /> Subscribe</label><input /><button type="button">Add to cart</button></div>',
    )
    expect(html).not.toMatch(/form|submit|password|on(change|click)/)
  })

  it('renders raw HTML with slots: each slot’s blocks inside the cell that holds its marker, code highlighted, links localized', async () => {
    const slot = (blocks: NestedRichText) => ({_type: 'htmlSlot' as const, _key: `s${blocks.length}`, body: blocks})
    const {html, prepared} = await render(
      [
        {
          _type: 'rawHtml',
          _key: 'r',
          html: '<table><tr><th>Before</th><th>After</th></tr><tr><td onclick="x()">\u27e6slot 0\u27e7</td><td>\u27e6slot 1\u27e7 <a href="/docs/v4/rooms/">Rooms</a></td></tr></table>',
          slots: [
            slot([{_type: 'codeBlock', _key: 'c', language: 'js', code: 'ferry.dock()'}]),
            slot([
              {_type: 'block', _key: 'b', style: 'normal', markDefs: [], children: [span('Moored at noon.')]},
              {_type: 'block', _key: 'b2', style: 'normal', markDefs: [], children: [span('Then away.')]},
            ]),
          ],
        },
      ],
      'fr',
    )
    expect(html).toMatch(
      /^<div class="raw-html"><table><tr><th>Before<\/th><th>After<\/th><\/tr><tr><td><div class="code-block[^"]*"[^>]*>[\s\S]*ferry[\s\S]*<\/div><\/td>/,
    )
    expect(html).toContain('<td><p>Moored at noon.</p><p>Then away.</p> <a href="/fr/docs/v4/rooms/">Rooms</a></td>')
    expect(html).not.toContain('onclick')
    expect(html).not.toContain('\u27e6')
    // The words of the slots count for the reading time; the HTML's own text does not, as without slots.
    expect(countWords(prepared.blocks)).toBe(6)
  })

  it("renders a site's own component as it rendered at import, its content where it placed its children, sanitized", async () => {
    const markup =
      '<section class="plan-card" style="color: red; position: fixed" onclick="x()"><h3>Team</h3><p class="plan-card__price">0.40 &amp; up</p>\u27e6content\u27e7<a href="/pricing/">Plans</a><script>alert(1)</script></section>'
    const body = [
      {
        _type: 'block' as const,
        _key: 'b',
        style: 'normal' as const,
        markDefs: [{_type: 'link' as const, _key: 'l', href: '/docs/v4/rooms/'}],
        children: [span('Read about '), span('rooms', ['l'])],
      },
    ]
    const {html, prepared} = await render([{_type: 'siteComponent', _key: 'c', name: 'PlanCard', markup, body}], 'fr')
    expect(html).toBe(
      '<div class="site-component" data-component="PlanCard"><section class="plan-card" style="color:red"><h3>Team</h3><p class="plan-card__price">0.40 &amp; up</p><p>Read about <a href="/fr/docs/v4/rooms/">rooms</a></p><a href="/fr/pricing/">Plans</a></section></div>',
    )
    expect(countWords(prepared.blocks)).toBe(3)
    // Markup that does not place its children: the content follows it; none at all: the markup alone.
    const after = await render([{_type: 'siteComponent', _key: 'c', name: 'Badge', markup: '<span class="badge">New</span>', body}])
    expect(after.html).toBe(
      '<div class="site-component" data-component="Badge"><span class="badge">New</span><p>Read about <a href="/docs/v4/rooms/">rooms</a></p></div>',
    )
    const alone = await render([{_type: 'siteComponent', _key: 'c', name: 'Badge', markup: '<span class="badge">New</span><br>', body: []}])
    expect(alone.html).toBe('<div class="site-component" data-component="Badge"><span class="badge">New</span><br/></div>')
  })

  it("renders the content a page gave a site component as props in the component's markup, each slot at its marker, links localized", async () => {
    const markup =
      '<table class="glossary"><tbody><tr><th>Berth</th><td>\u27e6slot 0\u27e7</td></tr><tr><th>Bollard</th><td>\u27e6slot 1\u27e7</td></tr></tbody></table>'
    const block = (key: string, ...children: ReturnType<typeof span>[]) => ({
      _type: 'block' as const,
      _key: key,
      style: 'normal' as const,
      markDefs: [{_type: 'link' as const, _key: 'l', href: '/docs/v4/rooms/'}],
      children,
    })
    const slots = [
      {_type: 'htmlSlot' as const, _key: 's0', body: [block('a', span('Where a ship ties up, see '), span('rooms', ['l']))]},
      {_type: 'htmlSlot' as const, _key: 's1', body: [block('b', span('A short post.'))]},
    ]
    const {html, prepared} = await render([{_type: 'siteComponent', _key: 'c', name: 'Glossary', markup, body: [], slots}], 'fr')
    expect(html).toBe(
      '<div class="site-component" data-component="Glossary"><table class="glossary"><tbody><tr><th>Berth</th><td><p>Where a ship ties up, see <a href="/fr/docs/v4/rooms/">rooms</a></p></td></tr><tr><th>Bollard</th><td><p>A short post.</p></td></tr></tbody></table></div>',
    )
    expect(countWords(prepared.blocks)).toBe(10)
  })

  it('renders allowed embeds sandboxed and loaded on demand (a lazy iframe without JavaScript), and refuses others with a build problem naming the document', async () => {
    const allowed = await render([{_type: 'embed', _key: 'e1', url: '/embeds/chat.html', title: 'Chat', height: 400}])
    expect(allowed.html).toMatch(
      /<div class="lazy-embed" style="min-height:400px" data-embed-url="\/embeds\/chat.html" data-embed-title="Chat" data-embed-height="400" data-embed-sandbox="allow-scripts allow-same-origin"[^>]*><\/div>/,
    )
    expect(allowed.html).toMatch(/<iframe src="\/embeds\/chat.html" title="Chat" height="400" loading="lazy" sandbox="allow-scripts[^"]*">/)
    expect(allowed.prepared.problems).toEqual([])
    const refused = await render([{_type: 'embed', _key: 'e2', url: 'https://evil.example/x', title: 'Bad'}])
    expect(refused.html).toBe('')
    expect(refused.prepared.problems).toEqual([
      'doc v4/test: embed "Bad" (https://evil.example/x) refused: Embeds from evil.example are not allowed (add evil.example to the site settings\' Embedded sites to allow them)',
    ])
    // A host the site settings list among the embedded sites is shown like the built-in ones.
    const lesson: RichBody = [{_type: 'embed', _key: 'e3', url: 'https://lessons.example.io/kites/embed', title: 'Lesson'}]
    const listed = await prepareBody(lesson, {locales: LOCALES, locale: 'en', translator: en, document: 'doc v4/test', embedHosts: ['lessons.example.io']})
    expect(listed.problems).toEqual([])
    expect(renderToStaticMarkup(<PortableBody blocks={listed.blocks} />)).toContain('data-embed-url="https://lessons.example.io/kites/embed"')
  })

  it('keeps unconverted source visible and renders nothing for the read-more break', async () => {
    const {html} = await render([
      {_type: 'unconverted', _key: 'u', source: '<Custom a="1" />', reason: 'Unknown component', location: 'docs/x.md:3'},
      {_type: 'readMore', _key: 'rm'},
    ])
    expect(html).toBe(
      '<div class="unconverted" data-location="docs/x.md:3"><p class="unconverted-reason">Unknown component</p><pre><code>&lt;Custom a=&quot;1&quot; /&gt;</code></pre></div>',
    )
  })

  it('cuts a post at its read-more break', () => {
    const body: RichBody = [
      {_type: 'block', _key: 'a', style: 'normal', markDefs: [], children: [span('intro')]},
      {_type: 'readMore', _key: 'rm'},
      {_type: 'block', _key: 'b', style: 'normal', markDefs: [], children: [span('rest')]},
    ]
    expect(truncateAtReadMore(body)).toEqual({blocks: [body[0]], truncated: true})
    expect(truncateAtReadMore(body.slice(0, 1)).truncated).toBe(false)
  })

  it('shows a paragraph whose read-more break stands inside it as one paragraph on the post’s page, and cuts the list excerpt there', async () => {
    const body: RichBody = [
      {_type: 'block', _key: 'a', style: 'normal', markDefs: [], children: [span('Two boats a day.')]},
      {_type: 'readMore', _key: 'rm', withinParagraph: true},
      {_type: 'block', _key: 'b', style: 'normal', markDefs: [], children: [span('Book ahead.', ['strong'])]},
      {_type: 'readMore', _key: 'rm2'},
      {_type: 'block', _key: 'c', style: 'normal', markDefs: [], children: [span('Apart.')]},
    ]
    expect((await render(body)).html).toBe('<p>Two boats a day. <strong>Book ahead.</strong></p><p>Apart.</p>')
    expect(truncateAtReadMore(body).blocks).toEqual([body[0]])
  })
})
