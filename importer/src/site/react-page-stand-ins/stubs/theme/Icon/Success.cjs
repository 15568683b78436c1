// Stand-in of @theme/Icon/Success (icon.cjs).
const Icon = require('./icon.cjs')('Success')
module.exports = Icon
module.exports.default = Icon
module.exports.__esModule = true
