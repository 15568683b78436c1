// Stand-in of @theme/Icon/Arrow (icon.cjs).
const Icon = require('./icon.cjs')('Arrow')
module.exports = Icon
module.exports.default = Icon
module.exports.__esModule = true
