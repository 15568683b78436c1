// Stand-in of @theme/Icon/Socials/YouTube (../icon.cjs).
const Icon = require('../icon.cjs')('YouTube')
module.exports = Icon
module.exports.default = Icon
module.exports.__esModule = true
