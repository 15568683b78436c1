// Stand-in of @theme/Icon/Home (icon.cjs).
const Icon = require('./icon.cjs')('Home')
module.exports = Icon
module.exports.default = Icon
module.exports.__esModule = true
