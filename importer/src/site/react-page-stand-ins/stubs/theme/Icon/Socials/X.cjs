// Stand-in of @theme/Icon/Socials/X (../icon.cjs).
const Icon = require('../icon.cjs')('X')
module.exports = Icon
module.exports.default = Icon
module.exports.__esModule = true
