/**
 * Broken internal links caught while the editor writes: a link to a page that is only a draft is
 * warned in the document's field, with the reason, and Publish stays possible (a warning, not an
 * error: the target may go live in the same Content Release).
 */
import {STAND_IN_TOKEN, type BrowserSanityApiStandIn} from '@site/test-support/sanity-api/playwright'
import {studioEnv} from '../env'
import {FIRST_OPEN_TIMEOUT} from './environment'
import {expect, test} from './studio-fixtures'

/** Writes documents as another editor would, through the stand-in's mutate endpoint. */
async function mutate(standIn: BrowserSanityApiStandIn, mutations: unknown[]): Promise<void> {
  const answer = await standIn.handle({
    method: 'POST',
    host: `${studioEnv.projectId}.api.sanity.io`,
    url: `/v2025-02-19/data/mutate/${studioEnv.dataset}?returnIds=true`,
    headers: {'content-type': 'application/json', authorization: `Bearer ${STAND_IN_TOKEN}`},
    body: Buffer.from(JSON.stringify({mutations})),
  })
  expect(answer.status, JSON.stringify(answer.json)).toBe(200)
}

const linkTo = (text: string, href: string) => [
  {
    _key: 'p1',
    _type: 'block',
    style: 'normal',
    markDefs: [{_key: 'l1', _type: 'link', href}],
    children: [
      {_key: 's1', _type: 'span', marks: [], text: 'More in '},
      {_key: 's2', _type: 'span', marks: ['l1'], text},
    ],
  },
]

test.describe('link warnings in the studio (Sanity API stand-in)', () => {
  test('a post linking to a post that is only a draft shows the warning on its body, and Publish stays possible', async ({openStudio, standIn}) => {
    await mutate(standIn, [
      {
        createOrReplace: {
          _id: 'drafts.blogPost-en-the-next-step',
          _type: 'blogPost',
          language: 'en',
          slug: 'the-next-step',
          date: '2026-11-21',
          title: 'The next step',
        },
      },
      {
        createOrReplace: {
          _id: 'drafts.blogPost-en-looking-ahead',
          _type: 'blogPost',
          language: 'en',
          slug: 'looking-ahead',
          date: '2026-11-20',
          title: 'Looking ahead',
          body: linkTo('the next step', '/blog/the-next-step/'),
        },
      },
    ])
    const page = await openStudio('/intent/edit/id=blogPost-en-looking-ahead;type=blogPost')
    const pane = page.getByTestId('document-pane')
    await expect(pane.locator('input[id="title"]')).toHaveValue('Looking ahead', {timeout: FIRST_OPEN_TIMEOUT})
    // The document's validation panel lists the link's warning with its reason, and only warnings.
    await pane.getByRole('button', {name: 'Validation'}).click()
    const warning = page.getByRole('button', {name: /leads to .The next step., which is not published yet \(only a draft\)/})
    await expect(warning).toBeVisible({timeout: 30_000})
    // A warning, not an error: nothing blocks Publish.
    await expect(page.getByText('Invalid date')).toHaveCount(0)
    await expect(pane.getByTestId('action-publish')).toBeEnabled({timeout: 30_000})

    // The target published, the warning goes while the post is open.
    await mutate(standIn, [
      {
        createOrReplace: {
          _id: 'blogPost-en-the-next-step',
          _type: 'blogPost',
          language: 'en',
          slug: 'the-next-step',
          date: '2026-11-21',
          title: 'The next step',
        },
      },
      {delete: {id: 'drafts.blogPost-en-the-next-step'}},
    ])
    await pane.locator('input[id="title"]').fill('Looking ahead, again')
    await expect(warning).toBeHidden({timeout: 30_000})
  })
})
