// A doc page as its front matter shapes it for readers: its tags linked to their pages, no table of
// contents with hide_table_of_contents, the "Edit this page" link it chooses (none, its own address,
// the settings' base and its file). The sidebar it shows is chosen by site/docs.ts (displayedSidebar).
import {renderToStaticMarkup} from 'react-dom/server'
import {beforeAll, describe, expect, it, vi} from 'vitest'
import {useLocalDataset} from '@site/content-source/fixture-dataset'

vi.mock('server-only', () => ({}))

let modules: {
  loadSiteContext: typeof import('../../site/context').loadSiteContext
  loadDocPage: typeof import('../../site/docs').loadDocPage
  DocPage: typeof import('../doc-page').DocPage
}

beforeAll(async () => {
  useLocalDataset()
  vi.stubEnv('STUDIO_URL', '')
  const [context, docs, docPage] = await Promise.all([import('../../site/context'), import('../../site/docs'), import('../doc-page')])
  modules = {loadSiteContext: context.loadSiteContext, loadDocPage: docs.loadDocPage, DocPage: docPage.DocPage}
})

type Doc = NonNullable<Awaited<ReturnType<typeof import('../../site/docs').loadDocPage>>>['doc']

/** The v4 rooms doc page of the fixture in `locale`, the doc's fields changed, the site's editUrl set. */
async function docHtml(locale: 'en' | 'fr', fields: Partial<NonNullable<Doc>>, editUrl = 'https://code.example.org/site/edit/main/'): Promise<string> {
  const loaded = await modules.loadSiteContext(locale)
  const context = {...loaded, settings: {...loaded.settings, editUrl}}
  const data = await modules.loadDocPage(context, 'v4', 'rooms')
  if (!data?.doc) throw new Error('the fixture has no v4 rooms doc')
  return renderToStaticMarkup(await modules.DocPage({context, data: {...data, doc: {...data.doc, ...fields}}}))
}

describe('a doc page and its front matter', () => {
  it('links each tag to its page in the reader’s locale and version', async () => {
    const html = await docHtml('fr', {tags: ['Temps réel', 'Broadcasting']})
    // The tag's address in Docusaurus's kebab case (accents folded), as a migrated site's links expect.
    expect(html).toContain('<a class="tag" href="/fr/docs/v4/tags/temps-reel">Temps réel</a>')
    expect(html).toContain('<a class="tag" href="/fr/docs/v4/tags/broadcasting">Broadcasting</a>')
    expect(await docHtml('en', {tags: null})).not.toContain('doc-tags')
  })

  it('has a table of contents, but none with hide_table_of_contents', async () => {
    expect(await docHtml('en', {})).toContain('class="doc-toc"')
    const hidden = await docHtml('en', {hideTableOfContents: true})
    expect(hidden).not.toContain('class="doc-toc"')
    expect(hidden).toContain('docs-layout-no-toc')
  })

  it('leads "Edit this page" to the base and file, the doc’s own address, or nowhere', async () => {
    const edit = (html: string) => /<a class="edit-link" href="([^"]+)"/.exec(html)?.[1] ?? null
    expect(edit(await docHtml('en', {sourcePath: 'docs/rooms.md'}))).toBe('https://code.example.org/site/edit/main/docs/rooms.md')
    expect(edit(await docHtml('fr', {sourcePath: 'i18n/fr/docusaurus-plugin-content-docs/current/rooms.md', editPath: 'docs/rooms.md'}))).toBe(
      'https://code.example.org/site/edit/main/docs/rooms.md',
    )
    expect(edit(await docHtml('en', {customEditUrl: 'https://elsewhere.example.org/rooms.md'}, ''))).toBe('https://elsewhere.example.org/rooms.md')
    expect(edit(await docHtml('en', {hideEditLink: true}))).toBeNull()
  })
})
