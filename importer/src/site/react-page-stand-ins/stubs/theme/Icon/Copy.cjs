// Stand-in of @theme/Icon/Copy (icon.cjs).
const Icon = require('./icon.cjs')('Copy')
module.exports = Icon
module.exports.default = Icon
module.exports.__esModule = true
