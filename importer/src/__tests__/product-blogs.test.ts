// The product-blogs Docusaurus 3 fixture (see its README): a product site with an .mjs config, a
// blog with its options and tags.yml, release notes as a second blog instance, a zh-Hans locale,
// docs with slugs at several depths, a draft and an unlisted doc, and an MDX page using a component
// of the site. Imported once from a copy in a temporary folder.
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {formatDiagnostic, sortDiagnostics} from '../diagnostics'
import type {ImportResult} from '../run-import'
import {type Doc, documentById, type ImportedFixture, importFixture} from './fixture-site'

let fixture: ImportedFixture | undefined
let result: ImportResult
let byId = new Map<string, Doc>()

beforeAll(async () => {
  fixture = await importFixture('product-blogs')
  result = fixture.result
  byId = fixture.byId
}, 60_000)

afterAll(async () => {
  await fixture?.remove()
})

const get = (id: string): Doc => documentById(byId, id)

const ofType = (type: string) => [...byId.values()].filter((document) => document._type === type)

describe('importing the product-blogs site', () => {
  it('loads the .mjs config and the ESM sidebars.js and writes the dataset without errors', () => {
    expect(result.errors.map(formatDiagnostic)).toEqual([])
    expect(result.written).toBe(true)
  })

  it('names everything of the config and content it does not carry over, and nothing else', () => {
    expect(sortDiagnostics(result.warnings).map(formatDiagnostic)).toEqual([
      'docs/roadmap.md:2: draft: true: a draft, which Docusaurus does not publish; not imported',
      'docusaurus.config.mjs: plugins[0]: a second blog plugin instance (id "releases", folder releases/): the content model has one blog, so its posts are imported as pages at the same addresses (/releases/…) and /releases as a page listing them; its tags, authors, pagination and feeds are not kept',
      'docusaurus.config.mjs: docs version Next (docs/) has no home doc: add index.md or give a doc `slug: /`',
      // The site's light primary is its dark one too, as in Docusaurus: too dark for the dark background.
      'src/css/custom.css:2: --ifm-color-primary: Text on the primary colour (buttons, dark mode) has a contrast of 3.13:1, below the 4.5:1 of WCAG AA (#000 on #1d4ed8): imported as the site has it; the studio shows it on the Theme until the colour is changed',
      'src/css/custom.css:2: --ifm-color-primary: The primary colour as link text on the background (dark mode) has a contrast of 2.56:1, below the 4.5:1 of WCAG AA (#1d4ed8 on #1b1b1d): imported as the site has it; the studio shows it on the Theme until the colour is changed',
      'src/css/custom.css:4: .sidebar-highlight > a: not carried over: it styles elements by their place or name (descendants, ids, tags), which this site lays out itself; only rules of the site’s own classes are carried over',
      'src/css/custom.css:7: .plan-card: carried over without border, padding, margin-bottom (only what draws an icon or sets a colour or size is carried over for the site’s classes)',
    ])
  })

  it('has English and Simplified Chinese with the configured label', () => {
    const locales = (get('siteSettings').locales as Doc[]).map(({code, label, direction}) => ({code, label, direction}))
    expect(locales).toEqual([
      {code: 'en', label: 'English', direction: 'ltr'},
      {code: 'zh-Hans', label: '简体中文', direction: 'ltr'},
    ])
  })
})

describe('docs', () => {
  it('gives each doc the address of its slug: absolute, relative, nested and deep', () => {
    const slugs = ofType('doc')
      .filter((doc) => doc.language === 'en')
      .map((doc) => `${String(doc.slug)} ← ${String(doc.sourcePath)}`)
      .sort()
    expect(slugs).toEqual([
      'deploy/regions ← docs/deploy/regions.md',
      'deploy/self-hosting/on-prem ← docs/deploy/on-prem.md',
      'install ← docs/install.md',
      'internal/debugging ← docs/internal/debugging.md',
      'intro ← docs/intro.md',
      'queues/create-a-queue ← docs/queues/create.md',
      'queues/dead-letter ← docs/queues/dead-letter.mdx',
      'queues/keep/messages ← docs/queues/retention.md',
    ])
  })

  it('builds the generated sidebar in sidebar_position order, with sidebar_class_name, without the draft or the unlisted doc', () => {
    const sidebar = ofType('sidebar')[0] as {items: Doc[]}
    const outline = (items: Doc[]): unknown[] =>
      items.map((item) =>
        item._type === 'sidebarCategory'
          ? {[String((item.label as Doc[])[0]?.value)]: outline(item.items as Doc[])}
          : String((item.doc as Doc | undefined)?._ref ?? item._type),
      )
    expect(outline(sidebar.items)).toEqual([
      'doc-current-en-intro',
      'doc-current-en-install',
      {Queues: ['doc-current-en-queues--create-a-queue', 'doc-current-en-queues--keep--messages', 'doc-current-en-queues--dead-letter']},
      {Deployment: ['doc-current-en-deploy--self-hosting--on-prem', 'doc-current-en-deploy--regions']},
    ])
    expect(sidebar.items[1]).toMatchObject({className: 'sidebar-highlight'})
  })

  it("describes each doc by the first line of its text for the generated index's cards, as Docusaurus does", () => {
    expect(get('doc-current-en-queues--create-a-queue').description).toBe('Queue names are unique in a project. Messages older than the retention period are')
  })
})

describe('the blog', () => {
  it("keeps postsPerPage, blogSidebarCount and showReadingTime: false in the site's blog settings", () => {
    expect(get('siteSettings').blog).toMatchObject({postsPerPage: 3, sidebarCount: 4, showReadingTime: false})
  })

  it("imports the posts at Docusaurus's addresses, with the labels of their tags.yml tags and inline authors", () => {
    const posts = ofType('blogPost')
      .filter((post) => post.language === 'en')
      .map((post) => [post.slug, post.tags])
    expect(posts).toEqual([
      ['2025/01/14/welcome', ['Announcement']],
      ['2025/02/03/batching', ['Engineering']],
      ['2025/03/11/regions', ['Announcement']],
      ['2025/04/02/case-study', ['Customer stories']],
      ['pricing-2025', ['Announcement']],
    ])
    expect(get('blogPost-zh-Hans-2025--01--14--welcome')).toMatchObject({title: '欢迎使用 Harbor', tags: ['Announcement']})
  })

  it('keeps the addresses and descriptions of tags.yml in the blog settings, as Docusaurus serves them (/blog/tags/news)', () => {
    const tags = ((get('siteSettings').blog as Doc).tags as Doc[]).map((tag) => [tag.label, tag.permalink, (tag.description as Doc[] | undefined)?.[0]?.value])
    expect(tags).toEqual([
      ['Announcement', 'news', 'Product announcements.'],
      ['Engineering', 'engineering', 'How Harbor is built.'],
      ['Customer stories', 'customers', 'Teams that run on Harbor.'],
    ])
  })
})

describe('the markdown home page (src/pages/index.md, no sections of ours)', () => {
  it('reads its body into the home page: the title as the hero with the paragraph after it, the rest as text with its links', () => {
    const sections = get('homePage-en').sections as Doc[]
    expect(sections.map((section) => section._type)).toEqual(['homeHero', 'homeText'])
    expect(sections[0]).toMatchObject({title: 'Harbor', tagline: 'Message queues you do not have to run.'})
    const body = JSON.stringify(sections[1]?.body)
    expect(body).toContain('"text":" or see the "')
    expect(body).toContain('"href":"/releases"')
  })
})

describe('the release notes (second blog instance)', () => {
  it('imports each post as a page at its address, plus the list and archive pages, in both locales', () => {
    const pages = ofType('page')
      .map((page) => `${String(page.language)} ${String(page.path)}`)
      .sort()
    expect(pages).toEqual([
      'en pricing',
      'en releases',
      'en releases/2025/02/10/harbor-1.4',
      'en releases/2025/04/15/harbor-1.5',
      'en releases/2025/06/01/harbor-2.0',
      'en releases/archive',
      'zh-Hans releases',
      'zh-Hans releases/2025/06/01/harbor-2.0',
      'zh-Hans releases/archive',
    ])
    expect(get('page-zh-Hans-releases--2025--06--01--harbor-2_0')).toMatchObject({title: 'Harbor 2.0'})
    const list = JSON.stringify(get('page-zh-Hans-releases').body)
    expect(list).toContain('全新的客户端支持批量发送')
    expect(list).toContain('2025年6月1日')
  })
})

describe('pages', () => {
  it("imports the MDX page with the site's component rendered as the site renders it, its children editable inside, and the tabs kept", () => {
    const cards = (get('page-en-pricing').body as Doc[]).filter((block) => block._type === 'siteComponent')
    expect(cards.map((card) => [card.name, card.markup])).toEqual([
      ['PlanCard', '<section class="plan-card"><h3>Starter</h3><p class="plan-card__price">Free</p>\u27e6content\u27e7</section>'],
      ['PlanCard', '<section class="plan-card"><h3>Team</h3><p class="plan-card__price">0.40 per million</p>\u27e6content\u27e7</section>'],
    ])
    expect(JSON.stringify(cards[0]?.body)).toContain('The first million messages of every month.')
    const body = JSON.stringify(get('page-en-pricing').body)
    expect(body).toContain('"_type":"tabs"')
    expect(body).toContain('Billed once a year, with two months free.')
  })
})
