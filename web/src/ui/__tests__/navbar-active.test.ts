// One lit navbar item: the link to the page itself, else the deepest section holding it.
import {describe, expect, it} from 'vitest'
import {activeNavbarItem, matchScore} from '../navbar-active'

const HOMES = ['/', '/fr/', '/pt-br/', '/zh-CN/']

// The French navbar of the site: Docs (Guide, Tutorial, ...), Server API, Ecosystem (Blog, ...), About (Changelog, Blog archive).
const navbar = [
  {itemKey: 'docs', href: '/fr/docs/v4/'},
  {itemKey: 'docs', href: '/fr/docs/v4/tutorial/introduction/'},
  {itemKey: 'docs', href: '/fr/demos/chat'},
  {itemKey: 'server-api', href: '/fr/docs/v4/server-api/'},
  {itemKey: 'ecosystem', href: 'https://stackoverflow.com/questions/tagged/socket.io'},
  {itemKey: 'ecosystem', href: '/fr/blog'},
  {itemKey: 'about', href: '/fr/docs/v4/changelog/'},
  {itemKey: 'about', href: '/fr/blog/archive'},
]

describe('activeNavbarItem', () => {
  it('lights the item leading to the page itself over one holding its section', () => {
    expect(activeNavbarItem(navbar, '/fr/blog/archive', HOMES)).toEqual({itemKey: 'about', href: '/fr/blog/archive', exact: true})
    expect(activeNavbarItem(navbar, '/fr/docs/v4/server-api/', HOMES)).toEqual({itemKey: 'server-api', href: '/fr/docs/v4/server-api/', exact: true})
  })

  it('else lights the deepest section holding the page', () => {
    expect(activeNavbarItem(navbar, '/fr/blog/socket-io-4-8-preview/', HOMES)).toEqual({itemKey: 'ecosystem', href: '/fr/blog', exact: false})
    expect(activeNavbarItem(navbar, '/fr/docs/v4/changelog/4.8.0/', HOMES)).toEqual({itemKey: 'about', href: '/fr/docs/v4/changelog/', exact: false})
    expect(activeNavbarItem(navbar, '/fr/docs/v4/rooms/', HOMES)).toEqual({itemKey: 'docs', href: '/fr/docs/v4/', exact: false})
  })

  it('lights nothing outside the navbar’s sections, and never for a locale’s home or an external link', () => {
    expect(activeNavbarItem(navbar, '/fr/', HOMES)).toBeNull()
    expect(activeNavbarItem([{itemKey: 'home', href: '/fr/'}], '/fr/blog', HOMES)).toBeNull()
    expect(activeNavbarItem([{itemKey: 'x', href: 'https://socket.io/fr/blog'}], '/fr/blog', HOMES)).toBeNull()
  })

  it('gives a tie to the first item of the navbar', () => {
    expect(
      activeNavbarItem(
        [
          {itemKey: 'a', href: '/blog'},
          {itemKey: 'b', href: '/blog/'},
        ],
        '/blog/',
        HOMES,
      )?.itemKey,
    ).toBe('a')
  })

  it('matches whole path segments, ignoring queries and hashes', () => {
    expect(matchScore('/fr/blog', '/fr/blogging/', HOMES)).toBe(0)
    expect(matchScore('/fr/docs/v4/rooms/#joining', '/fr/docs/v4/rooms/', HOMES)).toBe(Number.POSITIVE_INFINITY)
    expect(matchScore('/fr/search?q=x', '/fr/search', HOMES)).toBe(Number.POSITIVE_INFINITY)
  })
})
