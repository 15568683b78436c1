// Stands in for a presentational package a site's config requires but has not installed (a code
// block theme): every property, call and construction gives the stand-in back, so the config loads.
'use strict'
const handler = {
  get(target, property) {
    if (property === Symbol.toPrimitive) return () => ''
    if (property === '__esModule') return false
    if (property === 'then') return undefined
    return stand
  },
  apply: () => stand,
  construct: () => stand,
}
const stand = new Proxy(function inert() {}, handler)
module.exports = stand
