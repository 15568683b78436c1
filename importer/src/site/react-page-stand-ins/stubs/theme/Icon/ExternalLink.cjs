// Stand-in of @theme/Icon/ExternalLink (icon.cjs).
const Icon = require('./icon.cjs')('ExternalLink')
module.exports = Icon
module.exports.default = Icon
module.exports.__esModule = true
