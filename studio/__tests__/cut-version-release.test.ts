/** "Cut a new version" into a Content Release: the plan's drafts become the release's versions, the rest is written as it is. */
import {describe, expect, it} from 'vitest'
import {newReleaseId, releaseWrites} from '../versions/cut-version'

describe('cut a new version into a Content Release', () => {
  it('turns each draft into a version.create of the release and keeps translation links as mutations', () => {
    const {actions, mutations} = releaseWrites(
      [
        {createOrReplace: {_id: 'drafts.doc-v5-en-rooms', _type: 'doc', title: 'Rooms'}},
        {createOrReplace: {_id: 'drafts.siteSettings', _type: 'siteSettings'}},
        {createOrReplace: {_id: 'translation.metadata.doc-v5-rooms', _type: 'translation.metadata'}},
      ],
      'rLaunch5',
    )
    expect(actions).toEqual([
      {
        actionType: 'sanity.action.document.version.create',
        publishedId: 'doc-v5-en-rooms',
        document: {_id: 'versions.rLaunch5.doc-v5-en-rooms', _type: 'doc', title: 'Rooms'},
      },
      {
        actionType: 'sanity.action.document.version.create',
        publishedId: 'siteSettings',
        document: {_id: 'versions.rLaunch5.siteSettings', _type: 'siteSettings'},
      },
    ])
    expect(mutations).toEqual([{createOrReplace: {_id: 'translation.metadata.doc-v5-rooms', _type: 'translation.metadata'}}])
  })

  it('makes release ids as the studio does: r and eight letters or digits', () => {
    expect(newReleaseId()).toMatch(/^r[a-zA-Z0-9]{8}$/)
    expect(newReleaseId(() => 0)).toBe('raaaaaaaa')
  })
})
