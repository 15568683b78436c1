/** Docs in sidebar order with category headings, matched across locales by slug. */
import {describe, expect, it} from 'vitest'
import {sidebarOrder} from '../sidebar-order'

const docs = [
  {_id: 'doc-en-intro', language: 'en', slug: 'intro', title: 'Introduction'},
  {_id: 'doc-en-rooms', language: 'en', slug: 'rooms', title: 'Rooms'},
  {_id: 'doc-en-adapter', language: 'en', slug: 'adapter', title: 'Adapter'},
  {_id: 'doc-fr-rooms', language: 'fr', slug: 'rooms', title: 'Salles'},
  {_id: 'drafts.doc-fr-rooms', language: 'fr', slug: 'rooms', title: 'Salles (brouillon)'},
  {_id: 'doc-fr-orphan', language: 'fr', slug: 'orphan', title: 'Orpheline', sidebarPosition: 9},
]
const sidebars = [
  {
    sidebarId: 'sidebar',
    items: [
      {_type: 'sidebarDoc', doc: {_ref: 'doc-en-intro'}},
      {
        _type: 'sidebarCategory',
        label: [
          {_key: 'en', language: 'en', value: 'Server'},
          {_key: 'fr', language: 'fr', value: 'Serveur'},
        ],
        items: [{_type: 'sidebarDoc', doc: {_ref: 'doc-en-rooms'}}],
      },
      {_type: 'sidebarCategory', label: [{_key: 'en', language: 'en', value: 'Advanced'}], items: [{_type: 'sidebarDoc', doc: {_ref: 'doc-en-adapter'}}]},
    ],
  },
]

describe('sidebarOrder', () => {
  it('follows the sidebar with category headings in the default locale', () => {
    expect(sidebarOrder(sidebars, docs, 'en', 'en')).toEqual([
      {kind: 'doc', id: 'doc-en-intro', title: 'Introduction'},
      {kind: 'heading', title: 'Server', level: 1},
      {kind: 'doc', id: 'doc-en-rooms', title: 'Rooms'},
      {kind: 'heading', title: 'Advanced', level: 1},
      {kind: 'doc', id: 'doc-en-adapter', title: 'Adapter'},
    ])
  })

  it('places translations where their source is, drops empty categories, lists the rest at the end, drafts once', () => {
    expect(sidebarOrder(sidebars, docs, 'fr', 'en')).toEqual([
      {kind: 'heading', title: 'Serveur', level: 1},
      {kind: 'doc', id: 'doc-fr-rooms', title: 'Salles (brouillon)'},
      {kind: 'heading', title: 'Not in a sidebar', level: 0},
      {kind: 'doc', id: 'doc-fr-orphan', title: 'Orpheline'},
    ])
  })

  it('is empty for a locale without docs', () => {
    expect(sidebarOrder(sidebars, docs, 'zh-CN', 'en')).toEqual([])
  })
})
