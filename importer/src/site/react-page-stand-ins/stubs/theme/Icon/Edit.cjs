// Stand-in of @theme/Icon/Edit (icon.cjs).
const Icon = require('./icon.cjs')('Edit')
module.exports = Icon
module.exports.default = Icon
module.exports.__esModule = true
