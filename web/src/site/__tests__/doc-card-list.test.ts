// What `<DocCardList />` lists on a doc page: the items of the innermost sidebar category the page is in
// (as the category's own page or as one of its items), else the sidebar's top level, as Docusaurus finds them.
import {describe, expect, it, vi} from 'vitest'
import type {SidebarItem} from '../docs'

vi.mock('server-only', () => ({}))

const {cardListItems, categoryCards} = await import('../docs')

const doc = (slug: string): SidebarItem => ({type: 'doc', key: slug, label: slug, href: `/docs/${slug}`, slug, className: null, unlisted: false})
const category = (label: string, href: string | null, items: SidebarItem[]): SidebarItem => ({
  type: 'category',
  key: label,
  label,
  href,
  collapsed: true,
  className: null,
  items,
  generated: null,
  unlisted: false,
})

const SIDEBAR: SidebarItem[] = [
  doc('home'),
  doc('overview'),
  category('Guides', '/docs/guides', [doc('guides/rooms'), category('Scaling', null, [doc('guides/scaling/redis')]), doc('guides/acks')]),
  {type: 'link', key: 'changelog', label: 'Changelog', href: 'https://example.org/changes', className: null},
]
const labels = (items: readonly SidebarItem[]) => items.map((item) => ('label' in item ? item.label : item.type))

describe('cardListItems', () => {
  it('lists the top level for a doc outside every category (a docs home listing the sections)', () => {
    expect(labels(cardListItems(SIDEBAR, '/docs/home'))).toEqual(['home', 'overview', 'Guides', 'Changelog'])
  })

  it("lists a category's items on the category's own page and on each of its docs", () => {
    expect(labels(cardListItems(SIDEBAR, '/docs/guides'))).toEqual(['guides/rooms', 'Scaling', 'guides/acks'])
    expect(labels(cardListItems(SIDEBAR, '/docs/guides/acks'))).toEqual(['guides/rooms', 'Scaling', 'guides/acks'])
  })

  it('takes the innermost category, also one without a page of its own', () => {
    expect(labels(cardListItems(SIDEBAR, '/docs/guides/scaling/redis'))).toEqual(['guides/scaling/redis'])
  })

  it('gives the cards of those items: a category with its number of items and its first page', () => {
    const cards = categoryCards(cardListItems(SIDEBAR, '/docs/guides/rooms'), new Map([['guides/rooms', 'Group sockets.']]))
    expect(cards).toEqual([
      {label: 'guides/rooms', href: '/docs/guides/rooms', description: 'Group sockets.'},
      {label: 'Scaling', href: '/docs/guides/scaling/redis', items: 1},
      {label: 'guides/acks', href: '/docs/guides/acks'},
    ])
  })
})
