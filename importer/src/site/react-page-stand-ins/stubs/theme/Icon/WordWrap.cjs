// Stand-in of @theme/Icon/WordWrap (icon.cjs).
const Icon = require('./icon.cjs')('WordWrap')
module.exports = Icon
module.exports.default = Icon
module.exports.__esModule = true
