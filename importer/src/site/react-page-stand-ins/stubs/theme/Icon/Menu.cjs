// Stand-in of @theme/Icon/Menu (icon.cjs).
const Icon = require('./icon.cjs')('Menu')
module.exports = Icon
module.exports.default = Icon
module.exports.__esModule = true
