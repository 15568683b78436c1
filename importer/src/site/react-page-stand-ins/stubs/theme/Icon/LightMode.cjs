// Stand-in of @theme/Icon/LightMode (icon.cjs).
const Icon = require('./icon.cjs')('LightMode')
module.exports = Icon
module.exports.default = Icon
module.exports.__esModule = true
