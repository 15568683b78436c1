// Stand-in of @theme/Icon/DarkMode (icon.cjs).
const Icon = require('./icon.cjs')('DarkMode')
module.exports = Icon
module.exports.default = Icon
module.exports.__esModule = true
