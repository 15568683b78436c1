/**
 * Stands in for `qs` in the search island's bundle (web/src/build/client-bundle.ts). InstantSearch
 * needs qs only for its URL routing (lib/routers/history), which the site never turns on: the
 * search page keeps ?q= and &version= itself. About 12 KB gzipped less for every reader.
 */
function unused(): never {
  throw new Error('InstantSearch URL routing is not part of the site’s search island (see web/src/search/instantsearch-no-routing.ts)')
}

export const parse = unused
export const stringify = unused
export default {parse, stringify}
