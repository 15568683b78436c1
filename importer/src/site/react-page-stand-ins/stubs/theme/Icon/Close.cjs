// Stand-in of @theme/Icon/Close (icon.cjs).
const Icon = require('./icon.cjs')('Close')
module.exports = Icon
module.exports.default = Icon
module.exports.__esModule = true
