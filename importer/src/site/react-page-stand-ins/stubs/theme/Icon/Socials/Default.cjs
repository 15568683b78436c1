// Stand-in of @theme/Icon/Socials/Default (../icon.cjs).
const Icon = require('../icon.cjs')('Default')
module.exports = Icon
module.exports.default = Icon
module.exports.__esModule = true
