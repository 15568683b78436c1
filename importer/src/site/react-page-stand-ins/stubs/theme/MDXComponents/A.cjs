// Stand-in of @theme/MDXComponents/A, the theme's link of markdown: @docusaurus/Link's stand-in (a plain link).
const Link = require('../../docusaurus/Link.cjs')
module.exports = Link
module.exports.default = Link
module.exports.__esModule = true
