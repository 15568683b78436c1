// The blog-only Docusaurus 3 fixture (see its README): the blog at the site root (routeBasePath '/'),
// its first list page being the home page, two docs at /docs/ and a French locale. Imported once from
// a copy in a temporary folder.
import {describe, expect, it} from 'vitest'
import {formatDiagnostic, sortDiagnostics} from '../diagnostics'
import {useImportedFixture} from './fixture-site'

const site = useImportedFixture('blog-only')
const {get, ofType} = site

describe('importing the blog-only site', () => {
  it('writes the dataset without errors, naming only what it does not keep', () => {
    expect(site.result.errors.map(formatDiagnostic)).toEqual([])
    expect(site.result.written).toBe(true)
    expect(
      sortDiagnostics(site.result.warnings)
        .map(formatDiagnostic)
        .filter((line) => line.includes('routeBasePath')),
    ).toEqual([])
  })

  it('serves the blog at the site root, with no home page document: the list of posts is the home', () => {
    expect(get('siteSettings')).toMatchObject({blog: {path: '/', postsPerPage: 2}})
    expect(ofType('homePage')).toEqual([])
    expect(
      ofType('blogPost')
        .map((post) => `${String(post.language)} ${String(post.slug)}`)
        .sort(),
    ).toEqual(['en 2025/03/02/first-release', 'en 2025/04/10/backpressure', 'en 2025/05/21/metrics', 'fr 2025/03/02/first-release'])
  })

  it('links to posts and to the list at their root addresses, and to docs under /docs/', () => {
    expect(JSON.stringify(get('doc-current-en-intro').body)).toContain('"href":"/"')
    expect(JSON.stringify(get('blogPost-en-2025--04--10--backpressure').body)).toContain('"href":"/2025/03/02/first-release"')
    expect(JSON.stringify(get('blogPost-en-2025--03--02--first-release').body)).toContain('"href":"/docs/running-a-relay"')
  })
})
