// Stand-in of @theme/Icon/Language (icon.cjs).
const Icon = require('./icon.cjs')('Language')
module.exports = Icon
module.exports.default = Icon
module.exports.__esModule = true
