// Stand-in of @theme/Icon/SystemColorMode (icon.cjs).
const Icon = require('./icon.cjs')('SystemColorMode')
module.exports = Icon
module.exports.default = Icon
module.exports.__esModule = true
