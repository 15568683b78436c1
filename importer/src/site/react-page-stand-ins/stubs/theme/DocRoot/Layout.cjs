// Stand-in of @theme/DocRoot/Layout (Docusaurus 3): the same frame as DocPage/Layout's stand-in.
module.exports = require('../DocPage/Layout.cjs')
