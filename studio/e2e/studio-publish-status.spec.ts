/**
 * What an editor sees of a publish, in the built studio against the Sanity API stand-in, with the real publish
 * behind it (./publish-fixtures.ts: the stand-in's webhook → the receiver → the incremental publish, its link check
 * and swap of web/out, served on 127.0.0.1; the receiver's status service writing `publishStatus` documents).
 * The tests run in order on one site: each publishes on top of the one before.
 */
import {readdir, readFile} from 'node:fs/promises'
import {join} from 'node:path'
import {createClient, type SanityClient} from '@sanity/client'
import {STAND_IN_TOKEN} from '@site/test-support/sanity-api/playwright'
import {SANITY_API_VERSION} from '@site/schemas/model'
import {studioEnv} from '../env'
import {FIRST_OPEN_TIMEOUT, REPO_ROOT} from './environment'
import {expect, test, type Publishing} from './publish-fixtures'
import {goInStudio} from './studio-fixtures'

/** Another editor working through the API (what the studio would send, with the editor's token). */
function apiEditor(publishing: Publishing): SanityClient {
  return createClient({
    projectId: publishing.standIn.projectId,
    dataset: publishing.standIn.dataset,
    apiVersion: SANITY_API_VERSION,
    apiHost: publishing.door.url,
    useProjectHostname: false,
    useCdn: false,
    token: STAND_IN_TOKEN,
  })
}

/** A rich-text body of one paragraph, `before` then a link on `text` to `href`. */
function bodyWithLink(before: string, text: string, href: string) {
  return [
    {
      _key: 'p1',
      _type: 'block',
      style: 'normal',
      markDefs: [{_key: 'l1', _type: 'link', href}],
      children: [
        {_key: 's1', _type: 'span', marks: [], text: before},
        {_key: 's2', _type: 'span', marks: ['l1'], text},
      ],
    },
  ]
}

/** The HTTP status of each path on the served site, read at once. */
async function statuses(site: string, paths: readonly string[]): Promise<number[]> {
  return Promise.all(paths.map(async (path) => (await fetch(`${site}${path}`)).status))
}

/** A publish renders a few pages and checks the site's links: seconds on an idle machine, more on a loaded one. */
const PUBLISH_TIMEOUT = 5 * 60_000

test.describe.configure({mode: 'serial'})

test.describe('publish status in the studio (Sanity API stand-in, real publish of web/out)', () => {
  test('an editor publishes a doc, sees it waiting, then live with its page, in the document and in the Publishes tool', async ({openStudio, publishing}) => {
    test.setTimeout(PUBLISH_TIMEOUT + 3 * 60_000)
    const page = await openStudio('/structure/docs;v4;en;doc-v4-en-rooms')
    const pane = page.getByTestId('document-pane')
    await expect(pane.locator('input[id="title"]')).toHaveValue('Rooms', {timeout: FIRST_OPEN_TIMEOUT})
    // The page's heading (not its title, which the sidebar of every doc shows: that would rebuild the whole site).
    const heading = pane.locator('input[id="heading"]')
    const newHeading = 'Rooms, published from the studio'
    await heading.fill(newHeading)
    const publish = pane.getByTestId('action-publish')
    await expect(publish).toBeEnabled({timeout: 30_000})
    await publish.click()
    await expect.poll(() => publishing.document('doc-v4-en-rooms')?.heading, {timeout: 30_000}).toBe(newHeading)

    // While the site is rebuilt: waiting; then live, with the page's address on the site.
    await expect(pane.getByText('Waiting to go live', {exact: true})).toBeVisible({timeout: 60_000})
    const banner = pane.getByTestId('publish-status-banner')
    await expect(banner).toContainText('Live on the site since', {timeout: PUBLISH_TIMEOUT})
    await expect(pane.getByText(/^Live since \d\d:\d\d$/)).toBeVisible()
    const link = banner.getByTestId('publish-status-page')
    await expect(link).toHaveAttribute('href', `${studioEnv.siteUrl}/docs/v4/rooms/`)
    // That page, on the site being served, has the new title.
    const served = await (await fetch(`${publishing.site}/docs/v4/rooms/`)).text()
    expect(served).toContain(newHeading)

    // The Publishes tool lists it first, live, with the document and its page.
    await goInStudio(page, '/publishes')
    const row = page.getByTestId('publish-row').first()
    await expect(row.getByTestId('publish-state')).toHaveText('Live', {timeout: FIRST_OPEN_TIMEOUT})
    await expect(row).toContainText('Rooms')
    await expect(row).toContainText(/\d+ pages rendered/)
    await expect(row).toContainText(/live \d+\.\d s after it started/)
    await expect(row.getByTestId('publish-page-link')).toHaveAttribute('href', `${studioEnv.siteUrl}/docs/v4/rooms/`)
    // Written by the service's token alone; the studio cannot edit it (the editor's grants say read-only).
    const status = publishing.standIn.documents().find((document) => document._type === 'publishStatus' && document.state === 'live')
    expect(status?._id).toMatch(/^publishStatus\./)
  })

  test('a post published through the API with a link to an unpublished post is refused, explained in the studio, retried, and goes live with it', async ({
    openStudio,
    publishing,
  }) => {
    test.setTimeout(3 * PUBLISH_TIMEOUT + 3 * 60_000)
    const editor = apiEditor(publishing)
    const runs = publishing.queue.history.length
    // A post another editor has only drafted, and a post that links to it, published anyway through the API.
    await editor.createOrReplace({
      _id: 'drafts.blogPost-en-the-upcoming-feature',
      _type: 'blogPost',
      language: 'en',
      slug: 'the-upcoming-feature',
      date: '2026-11-21T10:00:00.000Z',
      title: 'The upcoming feature',
      body: bodyWithLink('It builds on ', 'rooms', '/docs/v4/rooms/'),
    })
    const post = {
      _id: 'blogPost-en-a-look-ahead',
      _type: 'blogPost',
      language: 'en',
      slug: 'a-look-ahead',
      date: '2026-11-20T10:00:00.000Z',
      title: 'A look ahead',
      body: bodyWithLink('Coming soon: ', 'the upcoming feature', '/blog/the-upcoming-feature/'),
    }
    await editor.createOrReplace(post)
    await expect.poll(() => publishing.queue.history.length, {timeout: PUBLISH_TIMEOUT}).toBeGreaterThan(runs)
    // The link check refused it: the site still has no such post.
    expect((await fetch(`${publishing.site}/blog/a-look-ahead/`)).status).toBe(404)

    // In the post: the refusal, what to fix and where, in an editor's words.
    const page = await openStudio(`/intent/edit/id=${post._id};type=blogPost`)
    const pane = page.getByTestId('document-pane')
    const banner = pane.getByTestId('publish-status-banner')
    await expect(banner).toContainText('The last publish was refused', {timeout: FIRST_OPEN_TIMEOUT})
    const reason =
      'The link "the upcoming feature" in "A look ahead" (Body) points to /blog/the-upcoming-feature/, which is not published (it is only a draft). Publish it first, or publish both together in a Content Release.'
    await expect(banner.getByTestId('publish-problem')).toHaveText(`${reason}Fix it`)
    await expect(pane.getByText('Publish refused', {exact: true})).toBeVisible()
    await expect(banner.getByRole('link', {name: 'Fix it'})).toHaveAttribute('href', /blogPost-en-a-look-ahead/)

    // In the Publishes tool: refused, with the reason; Retry runs it again (still refused: the other post is still a draft).
    await goInStudio(page, '/publishes')
    const refused = page.getByTestId('publish-row').first()
    await expect(refused.getByTestId('publish-state')).toHaveText('Refused', {timeout: FIRST_OPEN_TIMEOUT})
    await expect(refused.getByTestId('publish-problem')).toContainText(reason)
    const before = publishing.queue.history.length
    await refused.getByTestId('publish-retry').click()
    await expect.poll(() => publishing.queue.history.length, {timeout: PUBLISH_TIMEOUT}).toBeGreaterThan(before)
    const retried = page.getByTestId('publish-row').first()
    await expect(retried).toContainText('a retry', {timeout: 30_000})
    await expect(retried.getByTestId('publish-state')).toHaveText('Refused')
    expect(publishing.standIn.documents().filter((document) => document._type === 'publishRequest')).toEqual([])

    // The fix: the other post published in the studio. That publish puts the first post live too, and says so.
    await goInStudio(page, '/intent/edit/id=blogPost-en-the-upcoming-feature;type=blogPost')
    const fixPane = page.getByTestId('document-pane')
    await expect(fixPane.locator('input[id="title"]')).toHaveValue('The upcoming feature', {timeout: FIRST_OPEN_TIMEOUT})
    await expect(fixPane.getByTestId('action-publish')).toBeEnabled({timeout: 30_000})
    await fixPane.getByTestId('action-publish').click()
    await expect(fixPane.getByTestId('publish-status-banner')).toContainText('Live on the site since', {timeout: PUBLISH_TIMEOUT})
    expect(await statuses(publishing.site, ['/blog/the-upcoming-feature/', '/blog/a-look-ahead/'])).toEqual([200, 200])
    await goInStudio(page, `/intent/edit/id=${post._id};type=blogPost`)
    await expect(page.getByTestId('document-pane').getByTestId('publish-status-banner')).toContainText('Live on the site since', {timeout: FIRST_OPEN_TIMEOUT})
  })

  test('a launch in a Content Release is previewed with the release’s perspective and goes live in one publish, one swap', async ({
    openStudio,
    publishing,
    previewServer,
  }) => {
    test.setTimeout(PUBLISH_TIMEOUT + 5 * 60_000)
    const editor = apiEditor(publishing)
    // The launch, in one release (made through the API, as the studio's release actions make it): the Rooms doc's new heading,
    // a post linking to a changelog entry, and the entry linking back to the post. Published apart, each link would be refused.
    const releaseId = 'rLaunch49'
    await editor.releases.create({releaseId, metadata: {title: 'Launch 4.9', releaseType: 'asap'}})
    const rooms = publishing.document('doc-v4-en-rooms')
    if (!rooms) throw new Error('doc-v4-en-rooms is not in the stand-in')
    const launchHeading = 'Rooms, as launched in 4.9'
    const documents: Array<{_id: string; _type: string; [field: string]: unknown}> = [
      {...rooms, heading: launchHeading},
      {
        _id: 'blogPost-en-launch-4-9',
        _type: 'blogPost',
        language: 'en',
        slug: 'launch-4-9',
        date: '2026-11-27T10:00:00.000Z',
        title: 'Version 4.9 is out',
        body: bodyWithLink('What changed: ', 'the changelog', '/docs/v4/changelog/4.9.0'),
      },
      {
        _id: 'release-en-4_9_0',
        _type: 'release',
        language: 'en',
        version: '4.9.0',
        date: '2026-11-27',
        title: 'Socket.IO 4.9.0',
        body: bodyWithLink('Announced in ', 'the blog', '/blog/launch-4-9/'),
      },
    ]
    for (const document of documents) {
      const {_rev: _revision, _createdAt: _created, _updatedAt: _updated, ...content} = document
      // A version's own id is versions.<release>.<published id>, which the client checks against the document's.
      await editor.createVersion({releaseId, publishedId: document._id, document: {...content, _id: `versions.${releaseId}.${document._id}`}})
    }
    /** What readers see of the launch: whether the Rooms page has its new heading, and the post's and the entry's pages. */
    const launch = async () => {
      const [roomsPage, post, entry] = await Promise.all([
        fetch(`${publishing.site}/docs/v4/rooms/`).then((response) => response.text()),
        fetch(`${publishing.site}/blog/launch-4-9/`).then((response) => response.status),
        fetch(`${publishing.site}/docs/v4/changelog/4.9.0`).then((response) => response.status),
      ])
      return `${roomsPage.includes(launchHeading) ? 'heading' : 'no heading'},${post},${entry}`
    }
    expect(await launch()).toBe('no heading,404,404')

    // Previewed together: the Presentation tool with the release's perspective shows the post, which exists only in the release.
    const studio = await openStudio(`/presentation?preview=${encodeURIComponent('/blog/launch-4-9/')}&perspective=${releaseId}`)
    const frame = studio.locator(`iframe[src^="${previewServer.studioSeesItAt}"]`).contentFrame()
    await expect(frame.locator('article h1').first()).toHaveText(/^Version 4\.9 is out/, {timeout: 90_000})
    const perspectives = previewServer.requests.map(({url}) => url.searchParams.get('sanity-preview-perspective') ?? '')
    expect(perspectives.some((perspective) => perspective.startsWith(releaseId))).toBe(true)

    // Published as one from the release's page in the studio; the site is read all along, and which build web/out
    // points at is noted before and after each reading.
    const runs = publishing.queue.history.length
    const served = publishing.servedBuild()
    const samples: string[] = []
    const builds = new Set<string>([served])
    let reading = true
    const reader = (async () => {
      while (reading) {
        const build = publishing.servedBuild()
        const sample = await launch()
        const after = publishing.servedBuild()
        builds.add(build).add(after)
        // A sample that straddled the swap says nothing about one build: kept only when the build did not change while read.
        if (after === build) samples.push(sample)
      }
    })()
    try {
      await goInStudio(studio, `/releases/${releaseId}`)
      // Enabled once the studio has validated the release's documents.
      const run = studio.getByRole('button', {name: 'Run release'})
      await expect(run).toBeEnabled({timeout: FIRST_OPEN_TIMEOUT})
      // Opening the page asked the API (dry runs) whether this editor may publish the release: nothing is published yet.
      expect(publishing.standIn.document(`_.releases.${releaseId}`)?.state).toBe('active')
      await run.click()
      await studio
        .getByRole('dialog')
        .getByRole('button', {name: /run release|publish/i})
        .click()
      await expect.poll(() => publishing.standIn.document(`_.releases.${releaseId}`)?.state, {timeout: 60_000}).toBe('published')
      await expect.poll(launch, {timeout: PUBLISH_TIMEOUT}).toBe('heading,200,200')
      await publishing.queue.idle()
    } finally {
      // Stopped whatever happened above, so that no reading outlives the test (and the site server the fixture closes after it).
      reading = false
      await reader
    }
    // Readers saw all of the launch or none of it, one publish ran, and web/out was swapped once, from the build served before to a new one.
    expect(new Set(samples)).toEqual(new Set(['no heading,404,404', 'heading,200,200']))
    expect(publishing.queue.history.length).toBe(runs + 1)
    expect(publishing.queue.history.at(-1)?.ok).toBe(true)
    expect(publishing.servedBuild()).not.toBe(served)
    expect([...builds]).toEqual([served, publishing.servedBuild()])
    // The Publishes tool names the release and its three documents.
    await goInStudio(studio, '/publishes')
    const row = studio.getByTestId('publish-row').first()
    await expect(row.getByTestId('publish-state')).toHaveText('Live', {timeout: FIRST_OPEN_TIMEOUT})
    await expect(row).toContainText('Release: Launch 4.9')
    for (const title of ['Rooms', 'Version 4.9 is out', 'Socket.IO 4.9.0']) await expect(row).toContainText(title)
  })

  test('the status documents never reach the static output or the search index', async ({publishing}) => {
    const statusDocuments = publishing.standIn.documents().filter((document) => document._type === 'publishStatus')
    expect(statusDocuments.length).toBeGreaterThan(2)
    const markers = [...statusDocuments.map((document) => String(document.runId)), 'publishStatus', 'publishRequest', 'held back by an earlier publish']
    const found = await filesContaining(join(REPO_ROOT, 'web/out/'), markers)
    expect(found).toEqual([])
  })
})

/** Files under `dir` (the export: pages, search shards, feeds, sitemap) holding any of `markers`. */
async function filesContaining(dir: string, markers: readonly string[]): Promise<string[]> {
  const found: string[] = []
  for (const entry of await readdir(dir, {recursive: true, withFileTypes: true})) {
    if (!entry.isFile()) continue
    const file = join(entry.parentPath, entry.name)
    const text = await readFile(file, 'utf8')
    for (const marker of markers) if (text.includes(marker)) found.push(`${file}: ${marker}`)
  }
  return found
}
