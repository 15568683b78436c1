// The page script's modules and the markup that makes a page need them, read by the build from HTML.
import {describe, expect, it} from 'vitest'
import {pageScriptTags} from '../../../build/static-pages'
import {FEATURES, htmlHasMarker, markerSelector} from '../markers'

describe('feature markers', () => {
  it('finds a class among others and an id, not a longer class name or a mention in text', () => {
    expect(htmlHasMarker('<nav class="toc thin-scrollbar">', FEATURES.toc)).toBe(true)
    expect(htmlHasMarker('<div class="col toc">', FEATURES.toc)).toBe(true)
    expect(htmlHasMarker('<div class="toc-mobile">', FEATURES.toc)).toBe(false)
    expect(htmlHasMarker('<p>the toc class</p>', FEATURES.toc)).toBe(false)
    expect(htmlHasMarker('<div id="search-page-root">', FEATURES.searchPage)).toBe(true)
    expect(markerSelector(FEATURES.searchPage)).toBe('#search-page-root')
    expect(markerSelector(FEATURES.copy)).toBe('.code-copy')
  })

  it('has the page preload the script’s chunks and the modules it needs at load, not those that wait for the reader', () => {
    const script = {main: '/_site/main-A.js', mainChunks: ['/_site/page-B.js'], featureChunks: {toc: ['/_site/page-T.js'], copy: ['/_site/page-C.js']}}
    const docs = pageScriptTags('<nav class="toc"></nav><button class="code-copy">', script)
    expect(docs).toBe(
      '<script type="module" src="/_site/main-A.js"></script><link rel="modulepreload" href="/_site/page-B.js"><link rel="modulepreload" href="/_site/page-T.js">',
    )
    expect(pageScriptTags('<main></main>', script)).not.toContain('page-T.js')
  })
})
