/**
 * The Presentation tool ("Preview") of the built studio against the Sanity API stand-in, with the site's
 * real preview server (web/.next-preview, `next start` with SITE_PREVIEW=1) in its frame. Both read the
 * same stand-in: the studio through the browser context's routing, the preview server through the
 * stand-in's HTTP door (./preview-server.ts), so what the editor types is what the preview renders.
 */
import type {Page} from '@playwright/test'
import {FIRST_OPEN_TIMEOUT} from './environment'
import type {BrowserSanityApiStandIn, StoredDocument} from '@site/test-support/sanity-api/playwright'
import {expect, type PreviewServer, test} from './preview-server'
import {goInStudio} from './studio-fixtures'

const ROOMS_ID = 'doc-v4-en-rooms'
const ROOMS_PATH = '/docs/v4/rooms/'
const HOME_ID = 'homePage-en'

/** The title field of a document's form: where the tool's address and the input's id name it, and its value in a stored document. */
interface TitleField {
  path: string
  valueIn: (document: StoredDocument | undefined) => unknown
}

const DOCUMENT_TITLE: TitleField = {path: 'title', valueIn: (document) => document?.title}

/** The home page's visible title is its hero section's, an item of its `sections` array (not the document's own title, the browser tab's). */
function heroTitle(home: StoredDocument | undefined): TitleField {
  const sections = (home?.sections ?? []) as Array<{_key: string; _type: string; title?: string}>
  const hero = sections.find((section) => section._type === 'homeHero')
  if (!hero) throw new Error(`${HOME_ID} has no homeHero section in the test's dataset`)
  return {
    path: `sections[_key=="${hero._key}"].title`,
    valueIn: (document) => ((document?.sections ?? []) as typeof sections).find((section) => section._key === hero._key)?.title,
  }
}

/** The pages the editing loop is tried on: where each is on the site, where its title shows, and which field holds it. */
const PAGES: ReadonlyArray<{
  kind: string
  type: string
  id: string
  path: string
  title: string
  heading: string
  field: (standIn: BrowserSanityApiStandIn) => TitleField
  /** The field is inside an array item, whose dialog the click in the frame opens. */
  inItem?: boolean
}> = [
  {kind: 'doc', type: 'doc', id: ROOMS_ID, path: ROOMS_PATH, title: 'Rooms', heading: 'main h1', field: () => DOCUMENT_TITLE},
  {
    kind: 'blog post',
    type: 'blogPost',
    id: 'blogPost-en-admin-ui',
    path: '/blog/admin-ui/',
    title: 'The Socket.IO admin UI',
    heading: 'article.blog-post h1',
    field: () => DOCUMENT_TITLE,
  },
  {
    kind: 'standalone page',
    type: 'page',
    id: 'page-en-get-started',
    path: '/get-started/',
    title: 'Get started',
    heading: 'main h1',
    field: () => DOCUMENT_TITLE,
  },
  // A changelog entry, at its page under the latest docs version (siteUrlFor, @site/schemas/routing).
  {
    kind: 'release',
    type: 'release',
    id: 'release-en-4_8_0',
    path: '/docs/v4/changelog/4.8.0',
    title: 'Socket.IO 4.8.0',
    heading: 'main h1',
    field: () => DOCUMENT_TITLE,
  },
  {
    kind: 'home page',
    type: 'homePage',
    id: HOME_ID,
    path: '/',
    title: 'Socket.IO',
    heading: 'h1#home-title',
    field: (standIn) => heroTitle(standIn.document(HOME_ID)),
    inItem: true,
  },
]

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** The Presentation tool, open at a page of one kind: the page in the frame, its form beside it, then the editing loop. */
async function editInPresentation(
  studio: Page,
  page: (typeof PAGES)[number],
  {atAddress, field, previewServer, standIn}: {atAddress: boolean; field: TitleField; previewServer: PreviewServer; standIn: BrowserSanityApiStandIn},
): Promise<void> {
  const frame = studio.locator(`iframe[src^="${previewServer.studioSeesItAt}"]`).contentFrame()
  const heading = frame.locator(page.heading).first()
  // The page, rendered by the preview server in draft mode.
  await expect(heading).toHaveText(new RegExp(`^${escape(page.title)}`), {timeout: 60_000})
  const pane = studio.getByTestId('document-pane')

  if (page.type === 'doc') {
    // Draft mode was entered with a secret: the one the studio wrote into the dataset just before.
    const enableRequest = () => previewServer.requests.find(({url}) => url.pathname === '/api/draft-mode/enable/')?.url
    await expect.poll(() => enableRequest()?.href ?? '', {timeout: 45_000}).not.toBe('')
    const enable = enableRequest()
    const secret = enable?.searchParams.get('sanity-preview-secret')
    expect(secret).toBeTruthy()
    const stored = standIn.writes
      .flatMap((write) => JSON.stringify(write.body))
      .some((body) => body.includes('"sanity.previewUrlSecret"') && body.includes(`"${secret}"`))
    expect(stored).toBe(true)
    expect(enable?.searchParams.get('sanity-preview-pathname')).toMatch(/^\/docs\/v4\/rooms\/?/)
  }
  if (atAddress) {
    await expect
      .poll(() => decodeURIComponent(new URL(studio.url()).pathname), {timeout: 30_000})
      .toMatch(new RegExp(`/presentation/${page.type}/${page.id}/?$`))
    // Its form beside the frame (the home page document's own title is the site's name too, the browser tab's).
    await expect(pane.locator('input[id="title"]')).toHaveValue(page.title, {timeout: FIRST_OPEN_TIMEOUT})
  }

  // A field inside an array item is in the item's dialog, outside the pane's own tree.
  const title = page.inItem ? studio.locator(`input[id='${field.path}']`) : pane.locator(`input[id="${field.path}"]`)
  const typed = ' (draft)'

  /** Click-to-edit: the title's overlay in the frame opens the title field of this document in the studio. */
  const clickTitleInFrame = async (value: string) => {
    await heading.hover()
    await heading.click()
    // The tool's address names the field (…/<type>/<id>/<path>), and the form puts the cursor in it.
    await expect
      .poll(() => decodeURIComponent(new URL(studio.url()).pathname))
      .toMatch(new RegExp(`/presentation/${page.type}/${page.id}/${escape(field.path)}$`))
    await expect(title).toBeFocused()
    await expect(title).toHaveValue(value)
  }

  if (page.inItem) {
    // The item's field is not in the form until its dialog opens: the click in the frame opens it, and the editor types there.
    // (Not the other way round: once the editor has closed the dialog, a click on the same field in the frame leaves
    // it closed, as the tool's address already names that field.)
    await expect(pane.locator('input[id="title"]')).toBeVisible({timeout: FIRST_OPEN_TIMEOUT})
    await expect(title).toHaveCount(0)
    await clickTitleInFrame(page.title)
  } else {
    await expect(title).toHaveValue(page.title, {timeout: FIRST_OPEN_TIMEOUT})
    await title.click()
  }
  await title.press('End')
  await title.pressSequentially(typed, {delay: 20})
  const lastKey = Date.now()
  // When the stand-in holds the whole new title in the draft (the studio's save), watched while the frame is.
  let saved = 0
  const watch = setInterval(() => {
    if (!saved && field.valueIn(standIn.document(`drafts.${page.id}`)) === `${page.title}${typed}`) saved = Date.now()
  }, 10)
  // The frame shows the draft's new title (its markers are invisible characters after the text).
  await expect(heading).toHaveText(new RegExp(`^${escape(page.title + typed)}`), {timeout: 30_000})
  const shown = Date.now()
  clearInterval(watch)
  const refreshed = previewServer.requests.find(({url, at}) => at >= (saved || lastKey) && url.searchParams.has('_rsc'))?.at
  const parts = [
    `saved in the draft after ${saved ? `${saved - lastKey} ms` : '?'}`,
    `the frame's refresh request after ${refreshed ? `${refreshed - lastKey} ms` : '?'}`,
  ]
  // A figure for the reader of the test's output, never asserted (npm run bench -- --only preview measures it).
  console.log(`[presentation] ${page.kind}: last keystroke in the title field to the preview frame showing it: ${shown - lastKey} ms (${parts.join(', ')})`)
  test.info().annotations.push({type: 'keystroke-to-frame latency', description: `${page.kind}: ${shown - lastKey} ms (${parts.join(', ')})`})

  if (!page.inItem) {
    await studio.locator('body').click({position: {x: 5, y: 5}})
    await expect(title).not.toBeFocused()
    await clickTitleInFrame(page.title + typed)
  }
}

/** What the Presentation step of one page kind is called: what the tool does on opening it, then the editing loop. */
function stepTitle(page: (typeof PAGES)[number]): string {
  const opening = opensAtAddress(page)
    ? `the Preview tool opened at the ${page.kind}’s address opens its document`
    : page.type === 'doc'
      ? 'opening a doc enters draft mode on the preview server with a secret the studio stored, at the doc’s address'
      : `opening a ${page.kind} shows its page`
  return `${opening}; typing in its title shows in the preview; clicking the title there opens the title field`
}

/**
 * The release and the home page are opened at their page's address rather than at their document: the tool finds the
 * page's document (mainDocuments, studio/presentation.ts).
 */
function opensAtAddress(page: (typeof PAGES)[number]): boolean {
  return page.type === 'release' || page.type === 'homePage'
}

test.describe('studio Presentation tool (Sanity API stand-in, the preview server)', () => {
  // A page of each kind an editor previews: a doc (its version's sidebar, its article), a blog post, a standalone page, a
  // release, and the home page, whose title is its hero section's. One studio and one preview server for all five, as an
  // editor goes from page to page: opening the studio and starting the preview server are most of the time (about 30 s
  // here with the preview server's first render; each further page kind about 15 s), so each kind is a step of one test,
  // which names the kind that failed. What the tool does on opening a kind is checked in its step, with the editing loop.
  test(`each kind of page, one after the other in one studio: ${PAGES.map((page) => page.kind).join(', ')}`, async ({openStudio, previewServer, standIn}) => {
    test.setTimeout(PAGES.length * 120_000)
    let studio: Page | undefined
    for (const page of PAGES) {
      await test.step(`${page.kind}: ${stepTitle(page)}`, async () => {
        const atAddress = opensAtAddress(page)
        const field = page.field(standIn)
        const path = atAddress
          ? `/presentation?preview=${encodeURIComponent(page.path)}`
          : `/presentation/${page.type}/${page.id}?preview=${encodeURIComponent(page.path)}`
        // The first kind opens the studio; the next ones are reached in the studio already open.
        if (!studio) studio = await openStudio(path)
        else await goInStudio(studio, path)
        await editInPresentation(studio, page, {atAddress, field, previewServer, standIn})
      })
    }
  })
})
