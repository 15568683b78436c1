// React pages of a Docusaurus site rendered as its build renders them, with stand-ins of Docusaurus's modules.
import {mkdir, mkdtemp, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {parseEntities} from 'parse-entities'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {DiagnosticLog, formatDiagnostic} from '../../diagnostics'
import {convertMarkdown} from '../../markdown/to-portable-text'
import {readCodeMessages, renderedPageEntry, renderReactPage} from '../react-pages'

let site = ''

const PAGE = `import React from 'react';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import Translate, {translate} from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import styles from './team.module.css';
import Badge from '@site/static/img/badge.svg';
import photo from '@site/static/img/team.png';

const MEMBERS = [{name: 'Ada', role: translate({id: 'team.role.maintainer', message: 'maintainer'})}, {name: 'Lin', role: 'docs'}];

export default function Team() {
  const {siteConfig, i18n} = useDocusaurusContext();
  return (
    <Layout title={translate({id: 'team.title', message: 'Our team'})} description="Who keeps the lights on">
      <main className={styles.wrapper}>
        <Heading as="h1"><Translate id="team.heading" values={{site: siteConfig.title}}>{'People of {site}'}</Translate></Heading>
        <Badge className={styles.badge} title="Badge" />
        <img src={photo} alt="The team in {i18n.currentLocale}" />
        <ul>{MEMBERS.map((member) => <li key={member.name}>{member.name}: {member.role} {'{braces}'}</li>)}</ul>
        <p><Link to="/docs/intro">Start reading</Link></p>
        <p title={translate({message: 'Meet us'})}>
          <Translate>
            Most of us work on it
            in the evening.
          </Translate>
        </p>
      </main>
    </Layout>
  );
}
`

beforeAll(async () => {
  site = await mkdtemp(path.join(tmpdir(), 'react-pages-'))
  await mkdir(path.join(site, 'src/pages'), {recursive: true})
  await mkdir(path.join(site, 'static/img'), {recursive: true})
  await mkdir(path.join(site, 'i18n/fr'), {recursive: true})
  await writeFile(path.join(site, 'src/pages/team.js'), PAGE)
  await writeFile(path.join(site, 'src/pages/team.module.css'), '.wrapper { padding: 1rem; }\n')
  await writeFile(path.join(site, 'static/img/badge.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  await writeFile(path.join(site, 'static/img/team.png'), 'png')
  await writeFile(
    path.join(site, 'src/pages/needs-package.js'),
    "import confetti from 'canvas-confetti-not-installed';\nexport default function P() { return confetti; }\n",
  )
  // A page exported wrapped in React.memo (an object, not a function), as reselect's home page is.
  await writeFile(
    path.join(site, 'src/pages/memo.js'),
    "import {memo} from 'react';\nimport Layout from '@theme/Layout';\nfunction Harbour() { return <Layout title=\"Harbour\"><main><h1>Tides today</h1></main></Layout>; }\nexport default memo(Harbour);\n",
  )
  // Files asked for with require(), as webpack gives them too: an SVG of static/ as a component, a photo's address, class names.
  await writeFile(
    path.join(site, 'src/pages/required.js'),
    [
      "import Layout from '@theme/Layout';",
      "const Badge = require('@site/static/img/badge.svg').default;",
      "const photo = require('@site/static/img/team.png').default;",
      "const styles = require('./team.module.css');",
      'export default function Required() {',
      '  return <Layout title="Required"><main className={styles.wrapper}><Badge title="Our badge" /><img src={photo} alt="Team" /></main></Layout>;',
      '}',
    ].join('\n'),
  )
  // Code read with webpack's inline raw-loader from the site folder: an absolute path (webpack's resolve root) and @site/.
  await mkdir(path.join(site, 'static/snippets'), {recursive: true})
  await writeFile(path.join(site, 'static/snippets/tide.dart'), 'final tide = Tide.high;\n')
  await writeFile(
    path.join(site, 'src/pages/snippets.js'),
    [
      "import Layout from '@theme/Layout';",
      "import Absolute from '!!raw-loader!/static/snippets/tide.dart';",
      "import Aliased from '!!raw-loader!@site/static/snippets/tide.dart';",
      'export default function Snippets() { return <Layout title="Snippets"><pre>{Absolute}</pre><pre>{Aliased}</pre></Layout>; }',
    ].join('\n'),
  )
  await writeFile(path.join(site, 'src/pages/throws.js'), "export default function P() { throw new Error('window is not defined'); }\n")
  // A component reading a data file by an absolute path, which webpack finds in the static folder (Docusaurus's resolve roots).
  await mkdir(path.join(site, 'static/data'), {recursive: true})
  await writeFile(path.join(site, 'static/data/crew.json'), JSON.stringify([{name: 'Ada'}, {name: 'Lin'}]))
  await mkdir(path.join(site, 'src/components'), {recursive: true})
  await writeFile(
    path.join(site, 'src/components/CrewList.js'),
    "import crew from '/data/crew.json';\nexport default function CrewList() { return <ul>{crew.map((member) => <li key={member.name}>{member.name}</li>)}</ul>; }\n",
  )
  await writeFile(
    path.join(site, 'src/pages/crew.js'),
    "import Layout from '@theme/Layout';\nimport CrewList from '@site/src/components/CrewList';\nexport default function Crew() { return <Layout title=\"Crew\"><h1>Crew</h1><CrewList /></Layout>; }\n",
  )
  // A package of the site (an ES module) that imports React from the site's node_modules: there, another major version, whose
  // elements are plain objects of an older shape that our React refuses to render.
  await mkdir(path.join(site, 'node_modules/react'), {recursive: true})
  await writeFile(path.join(site, 'node_modules/react/package.json'), JSON.stringify({name: 'react', version: '18.3.1', main: 'index.js'}))
  await writeFile(
    path.join(site, 'node_modules/react/index.js'),
    "exports.createElement = (type, props, ...children) => ({$$typeof: Symbol.for('react.element'), type, key: null, ref: null, props: {...props, children}, _owner: null, _store: {}});\n",
  )
  await mkdir(path.join(site, 'node_modules/star-button'), {recursive: true})
  await writeFile(
    path.join(site, 'node_modules/star-button/package.json'),
    JSON.stringify({name: 'star-button', version: '1.0.0', type: 'module', main: 'index.js'}),
  )
  await writeFile(
    path.join(site, 'node_modules/star-button/index.js'),
    "import React from 'react';\nexport default function StarButton(props) { return React.createElement('a', {href: props.href}, 'Star'); }\n",
  )
  // The same from a CommonJS package (a carousel whose require('react') Node resolves from its own folder).
  await mkdir(path.join(site, 'node_modules/slide-show'), {recursive: true})
  await writeFile(path.join(site, 'node_modules/slide-show/package.json'), JSON.stringify({name: 'slide-show', version: '3.2.0', main: 'index.js'}))
  await writeFile(
    path.join(site, 'node_modules/slide-show/index.js'),
    "const React = require('react');\nexports.SlideShow = function SlideShow(props) { return React.createElement('div', {className: 'slides'}, props.children); };\n",
  )
  await writeFile(
    path.join(site, 'src/pages/slides.js'),
    "import {SlideShow} from 'slide-show';\nexport default function Slides() { return <main><h1>Slides</h1><SlideShow><p>Harbour at dawn</p></SlideShow></main>; }\n",
  )
  await writeFile(
    path.join(site, 'src/pages/users.js'),
    'import Admonition from \'@theme/Admonition\';\nexport default function Users() { return <main><h1>Users</h1><Admonition type="info" title="Used by:" className="margin-vert--lg"><p>Many teams.</p></Admonition></main>; }\n',
  )
  await writeFile(
    path.join(site, 'src/pages/stars.js'),
    'import StarButton from \'star-button\';\nexport default function Stars() { return <main><h1>Stars</h1><StarButton href="https://github.com/example/relay" /></main>; }\n',
  )
  await writeFile(
    path.join(site, 'i18n/fr/code.json'),
    JSON.stringify({
      'team.title': {message: 'Notre équipe'},
      'team.heading': {message: 'Les gens de {site}'},
      'Meet us': {message: 'Rencontrez-nous'},
      'team.role.maintainer': {message: 'mainteneuse'},
      'Most of us work on it in the evening.': {message: 'La plupart d’entre nous y travaillent le soir.'},
    }),
  )
}, 60_000)

afterAll(async () => {
  if (site) await rm(site, {recursive: true, force: true})
})

const options = async () => ({
  locales: ['en', 'fr'],
  defaultLocale: 'en',
  siteConfig: {title: 'Relay'},
  messages: (locale: string) => (locale === 'fr' ? french : {}),
  staticDirs: ['static'],
})
let french: Record<string, string> = {}

/** A page entry's text converted as the import converts it, links and files as written. */
function blocksOf(entry: ReturnType<typeof renderedPageEntry>) {
  return convertMarkdown(entry.file.text, {
    file: entry.file.path,
    resolveLink: (href) => href,
    resolveImage: () => ({problem: 'no images here'}),
    resolveFile: () => ({problem: 'no files here'}),
    loadPartial: () => null,
    warn: () => {},
  }).blocks
}

describe('renderReactPage', () => {
  it('renders the page in each locale with its messages, the class names of a CSS module made its own and static files at their paths', async () => {
    french = await readCodeMessages(site, 'fr')
    const log = new DiagnosticLog()
    const pages = await renderReactPage(site, 'src/pages/team.js', await options(), log)
    expect(log.warnings.map(formatDiagnostic)).toEqual([])
    expect(pages.map((page) => [page.locale, page.path, page.title, page.description])).toEqual([
      ['en', 'team', 'Our team', 'Who keeps the lights on'],
      ['fr', 'team', 'Notre équipe', 'Who keeps the lights on'],
    ])
    const [english, frenchPage] = pages
    // A CSS module's class names are made its own, as Docusaurus's webpack makes them (never a class of this site's own).
    expect(english?.html).toContain('<main class="wrapper_zm36"><h1>People of Relay</h1>')
    expect(english?.html).toContain('<img src="/img/badge.svg" alt="Badge" class="badge_zm36"/>')
    expect(english?.html).toContain('<img src="/img/team.png" alt="The team in {i18n.currentLocale}"/>')
    expect(english?.html).toContain('<li>Ada: maintainer {braces}</li>')
    expect(english?.html).toContain('<a href="/docs/intro">Start reading</a>')
    expect(frenchPage?.html).toContain('<h1>Les gens de Relay</h1>')
    // translate() at the top of the module reads the locale being rendered, as in each locale's Docusaurus bundle.
    expect(frenchPage?.html).toContain('<li>Ada: mainteneuse {braces}</li>')
    // A message without an id is keyed in code.json by its default text, as Docusaurus does.
    expect(english?.html).toContain('<p title="Meet us">Most of us work on it in the evening.</p>')
    expect(frenchPage?.html).toContain('<p title="Rencontrez-nous">La plupart d’entre nous y travaillent le soir.</p>')
  })

  it('makes page entries whose braces are text, not MDX expressions', async () => {
    const [page] = await renderReactPage(site, 'src/pages/team.js', await options(), new DiagnosticLog())
    if (!page) throw new Error('no page')
    const entry = renderedPageEntry(page)
    expect([entry.path, entry.section, entry.canonicalPath, entry.frontMatter.data.title]).toEqual(['team', 'other', 'src/pages/team.js', 'Our team'])
    expect(entry.file.text).toContain('&#123;braces&#125;')
    // The component's markup is the whole page: no title heading is added above it (its <h1> is lifted as the heading).
    expect(entry.asWritten).toBe(true)
    expect(entry.file.text.startsWith('# ')).toBe(true)
  })

  it('shows the text a page renders as written: backticks, underscores, asterisks and brackets are not markdown there', () => {
    const entry = renderedPageEntry({
      file: 'src/pages/errors.js',
      locale: 'en',
      path: 'errors',
      html: '<table><tbody><tr><td>1</td><td>`reducer` must be a function: set max_crew_size, see [docs](x) *now*</td></tr></tbody></table>',
      modifiedAt: new Date(0),
    })
    const blocks = blocksOf(entry)
    // A table stays HTML: what a reader sees is its text, its entities read.
    const html = (blocks[0] as {html?: string}).html ?? ''
    expect(html).not.toMatch(/<code>|<em>|<a /)
    expect(parseEntities(html.replace(/<[^>]+>/g, ''))).toBe('1`reducer` must be a function: set max_crew_size, see [docs](x) *now*')
  })

  it('reads the theme’s <Admonition> of a page as the admonition it is, with its kind and title', async () => {
    const [page] = await renderReactPage(site, 'src/pages/users.js', await options(), new DiagnosticLog())
    if (!page) throw new Error('no page')
    const entry = renderedPageEntry(page)
    const blocks = blocksOf(entry)
    expect(blocks).toEqual([
      expect.objectContaining({
        _type: 'admonition',
        kind: 'info',
        title: 'Used by:',
        body: [expect.objectContaining({_type: 'block', children: [expect.objectContaining({text: 'Many teams.'})]})],
      }),
    ])
  })

  it('renders a package of the site that imports React from the site’s own node_modules with ours', async () => {
    const log = new DiagnosticLog()
    const [page] = await renderReactPage(site, 'src/pages/stars.js', await options(), log)
    expect(log.warnings.map(formatDiagnostic)).toEqual([])
    expect(page?.html).toContain('<main><h1>Stars</h1><a href="https://github.com/example/relay">Star</a></main>')
    const [slides] = await renderReactPage(site, 'src/pages/slides.js', await options(), log)
    expect(log.warnings.map(formatDiagnostic)).toEqual([])
    expect(slides?.html).toContain('<main><h1>Slides</h1><div class="slides"><p>Harbour at dawn</p></div></main>')
  })

  it.each([
    ['a component wrapped in memo', 'src/pages/memo.js', '<main><h1>Tides today</h1></main>'],
    [
      'an SVG, an image and a stylesheet asked for with require(), as webpack gives them',
      'src/pages/required.js',
      '<main class="wrapper_zm36"><img src="/img/badge.svg" alt="Our badge"/><img src="/img/team.png" alt="Team"/></main>',
    ],
    [
      'the text of a file read with raw-loader from the site folder (an absolute path, @site/)',
      'src/pages/snippets.js',
      '<pre>final tide = Tide.high;\n</pre><pre>final tide = Tide.high;\n</pre>',
    ],
  ])('renders a page with %s', async (_case, file, html) => {
    const log = new DiagnosticLog()
    const [page] = await renderReactPage(site, file, await options(), log)
    expect(log.warnings.map(formatDiagnostic)).toEqual([])
    expect(page?.html).toContain(html)
  })

  it('reads a module a component imports by an absolute path from the static folder, as webpack resolves it for Docusaurus', async () => {
    const log = new DiagnosticLog()
    const [page] = await renderReactPage(site, 'src/pages/crew.js', await options(), log)
    expect(log.warnings.map(formatDiagnostic)).toEqual([])
    expect(page?.html).toContain('<ul><li>Ada</li><li>Lin</li></ul>')
  })

  it('reports a page that needs a package the site has not installed, or fails to render, and leaves it out', async () => {
    const log = new DiagnosticLog()
    expect(await renderReactPage(site, 'src/pages/needs-package.js', await options(), log)).toEqual([])
    expect(await renderReactPage(site, 'src/pages/throws.js', await options(), log)).toEqual([])
    expect(log.warnings.map(formatDiagnostic)).toEqual([
      expect.stringMatching(
        /^src\/pages\/needs-package\.js: a React page that cannot be rendered here \(requires the package "canvas-confetti-not-installed", which is not installed in .*: run `npm install canvas-confetti-not-installed` there, then import again\): not imported; recreate it as a page in the studio$/,
      ),
      'src/pages/throws.js: a React page that fails to render in en (window is not defined): not imported; recreate it as a page in the studio',
    ])
  })

  it('renders a page that draws the theme’s frame itself (Layout/Provider, Navbar, Footer) as its own content, with no preload hints of its images', async () => {
    await writeFile(
      path.join(site, 'src/pages/framed.js'),
      [
        "import LayoutProvider from '@theme/Layout/Provider'",
        "import Navbar from '@theme/Navbar'",
        "import Footer from '@theme/Footer'",
        'export default function Framed() {',
        '  return <LayoutProvider><Navbar /><main><img src="https://example.org/gopher.png" alt="Gopher" /><p>Model your data.</p></main><Footer /></LayoutProvider>',
        '}',
      ].join('\n'),
    )
    const log = new DiagnosticLog()
    const [page] = await renderReactPage(site, 'src/pages/framed.js', await options(), log)
    expect(log.warnings.map(formatDiagnostic)).toEqual([])
    expect(page?.html).toBe('<main><img src="https://example.org/gopher.png" alt="Gopher"/><p>Model your data.</p></main>')
  })
})
