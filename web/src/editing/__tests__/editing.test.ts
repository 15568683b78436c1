/** The reader's translation notice decision and the "edit this page" link. */
import {translationFingerprint} from '@site/schemas'
import {describe, expect, it} from 'vitest'
import {editLinkFor} from '../edit-link'
import {translationNoticeKind} from '../translation-notice'

const source = {title: 'Rooms', body: [{_type: 'block', _key: 'a', children: [{_type: 'span', _key: 'b', text: 'Join a room.', marks: []}], markDefs: []}]}

describe('translationNoticeKind', () => {
  it('says missing when the page is shown in another language than the reader’s', () => {
    expect(translationNoticeKind({language: 'en', translation: null}, 'fr')).toBe('missing')
  })

  it('says nothing on an original or a current translation', () => {
    expect(translationNoticeKind({language: 'en', translation: null}, 'en')).toBeNull()
    expect(translationNoticeKind({language: 'fr', translation: {sourceRevision: translationFingerprint(source), source}}, 'fr')).toBeNull()
  })

  it('says stale when the source changed after the translation', () => {
    const changed = {...source, title: 'Rooms and broadcasting'}
    expect(translationNoticeKind({language: 'fr', translation: {sourceRevision: translationFingerprint(source), source: changed}}, 'fr')).toBe('stale')
  })

  it('says nothing when the source is gone (weak reference to a deleted document)', () => {
    expect(translationNoticeKind({language: 'fr', translation: {sourceRevision: 'fp1-0000000000000000', source: null}}, 'fr')).toBeNull()
  })
})

describe('editLinkFor', () => {
  const document = {_id: 'doc-v4-fr-rooms', _type: 'doc', sourcePath: 'i18n/fr/docs/rooms.md'}

  it('opens the document in the studio when STUDIO_URL is set', () => {
    expect(editLinkFor(document, 'https://github.com/socketio/socket.io-website/edit/main/', 'https://studio.example.org/')).toBe(
      'https://studio.example.org/intent/edit/id=doc-v4-fr-rooms;type=doc/',
    )
  })

  it('falls back to the source file on the code host, else to no link', () => {
    expect(editLinkFor(document, 'https://github.com/socketio/socket.io-website/edit/main/', '')).toBe(
      'https://github.com/socketio/socket.io-website/edit/main/i18n/fr/docs/rooms.md',
    )
    expect(editLinkFor(document, null, '')).toBeNull()
  })

  it("follows the doc's own choices: no link (custom_edit_url: null), its own address, the file Docusaurus's settings chose", () => {
    const base = 'https://code.example.org/site/edit/main/'
    expect(editLinkFor({...document, hideEditLink: true}, base, '')).toBeNull()
    expect(editLinkFor({...document, hideEditLink: true}, base, 'https://studio.example.org')).toBeNull()
    expect(editLinkFor({...document, customEditUrl: 'https://elsewhere.example.org/rooms.md'}, base, '')).toBe('https://elsewhere.example.org/rooms.md')
    // An own address needs no base.
    expect(editLinkFor({...document, customEditUrl: 'https://elsewhere.example.org/rooms.md'}, null, '')).toBe('https://elsewhere.example.org/rooms.md')
    expect(editLinkFor({...document, editPath: 'docs/rooms.md'}, base, '')).toBe('https://code.example.org/site/edit/main/docs/rooms.md')
    // An address of another scheme is never a link: the settings' base and the file are used.
    expect(editLinkFor({...document, customEditUrl: 'javascript:alert(1)'}, base, '')).toBe('https://code.example.org/site/edit/main/i18n/fr/docs/rooms.md')
  })
})
