// Doc and markdown pages as rendered for readers: the "Unlisted page" notice in the reader's locale,
// and no title heading with hide_title (the title stays in the breadcrumbs and the browser tab).
import {renderToStaticMarkup} from 'react-dom/server'
import {beforeAll, describe, expect, it, vi} from 'vitest'
import {useLocalDataset} from '@site/content-source/fixture-dataset'
import {builtInUiCatalog, UI_MESSAGE_KEYS, UI_MESSAGES} from '@site/schemas'
import {createTranslator} from '@site/schemas/i18n'

vi.mock('server-only', () => ({}))

let modules: {
  loadSiteContext: typeof import('../../site/context').loadSiteContext
  loadDocPage: typeof import('../../site/docs').loadDocPage
  loadPage: typeof import('../../site/pages').loadPage
  DocPage: typeof import('../doc-page').DocPage
  StandalonePage: typeof import('../other-pages').StandalonePage
}

beforeAll(async () => {
  useLocalDataset()
  const [context, docs, pages, docPage, otherPages] = await Promise.all([
    import('../../site/context'),
    import('../../site/docs'),
    import('../../site/pages'),
    import('../doc-page'),
    import('../other-pages'),
  ])
  modules = {
    loadSiteContext: context.loadSiteContext,
    loadDocPage: docs.loadDocPage,
    loadPage: pages.loadPage,
    DocPage: docPage.DocPage,
    StandalonePage: otherPages.StandalonePage,
  }
})

/**
 * The doc page of the fixture's v4 rooms doc in `locale`, with these fields changed on the doc. The
 * fixture dataset predates the notice's messages; in French they are given as the importer writes
 * them (the built-in French catalogue).
 */
async function docHtml(locale: 'en' | 'fr', fields: {unlisted?: boolean; hideTitle?: boolean; heading?: string}): Promise<string> {
  const loaded = await modules.loadSiteContext(locale)
  const catalog = builtInUiCatalog('fr')
  const french = catalog ? UI_MESSAGE_KEYS.map((key) => ({key, value: catalog[key]})) : []
  const translator = locale === 'fr' ? createTranslator('fr', 'en', [{language: 'fr', messages: french}]) : loaded.translator
  const context = {...loaded, translator, t: translator.t, plural: translator.plural}
  const data = await modules.loadDocPage(context, 'v4', 'rooms')
  if (!data?.doc) throw new Error('the fixture has no v4 rooms doc')
  return renderToStaticMarkup(await modules.DocPage({context, data: {...data, doc: {...data.doc, ...fields}}}))
}

describe('a doc page', () => {
  it('shows the title heading and no notice by default', async () => {
    const html = await docHtml('en', {})
    expect(html).toMatch(/<h1>Rooms<\/h1>/)
    expect(html).not.toContain('unlisted-banner')
  })

  it('shows the "Unlisted page" notice of the locale above an unlisted doc', async () => {
    expect(await docHtml('en', {unlisted: true})).toContain(`<p class="unlisted-banner-title">${UI_MESSAGES['unlisted.title'].message}</p>`)
    const french = await docHtml('fr', {unlisted: true})
    expect(french).toContain(`<p class="unlisted-banner-title">${builtInUiCatalog('fr')?.['unlisted.title']}</p>`)
  })

  it('has no title heading with hide_title, and keeps the title in the breadcrumbs', async () => {
    const html = await docHtml('fr', {hideTitle: true})
    expect(html).not.toContain('<h1')
    expect(html).toContain('<li aria-current="page">Salles</li>')
  })

  it('shows the title heading of its text once, as its only h1, and keeps the front-matter title in the breadcrumbs', async () => {
    // As the importer writes a doc whose text has its own `# heading` (hide_title or not): the heading, no hideTitle.
    const html = await docHtml('en', {heading: 'Rooms in practice'})
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1)
    expect(html).toContain('<h1>Rooms in practice</h1>')
    expect(html).not.toContain('<h1>Rooms</h1>')
    expect(html.match(/Rooms in practice/g)).toHaveLength(1)
    expect(html).toContain('<li aria-current="page">Rooms</li>')
  })
})

describe('a markdown page', () => {
  it('has no title heading with hide_title, and the notice when unlisted', async () => {
    const context = await modules.loadSiteContext('en')
    const page = await modules.loadPage('en', 'get-started')
    if (!page) throw new Error('the fixture has no get-started page')
    const shown = renderToStaticMarkup(await modules.StandalonePage({context, page, href: '/get-started/'}))
    expect(shown).toContain(`<h1>${page.title}</h1>`)
    const hidden = renderToStaticMarkup(await modules.StandalonePage({context, page: {...page, hideTitle: true, unlisted: true}, href: '/get-started/'}))
    expect(hidden).not.toContain('<h1')
    expect(hidden).toContain(UI_MESSAGES['unlisted.message'].message)
  })
})
