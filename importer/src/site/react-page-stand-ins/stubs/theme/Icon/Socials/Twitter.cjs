// Stand-in of @theme/Icon/Socials/Twitter (../icon.cjs).
const Icon = require('../icon.cjs')('Twitter')
module.exports = Icon
module.exports.default = Icon
module.exports.__esModule = true
