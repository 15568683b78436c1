// Stand-in of @theme/Details, the theme's collapsible box (the same as @docusaurus/theme-common/Details's).
const {Details} = require('../docusaurus/theme-common-details.cjs')
module.exports = Details
module.exports.default = Details
module.exports.__esModule = true
