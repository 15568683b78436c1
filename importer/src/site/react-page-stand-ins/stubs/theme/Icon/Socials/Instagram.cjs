// Stand-in of @theme/Icon/Socials/Instagram (../icon.cjs).
const Icon = require('../icon.cjs')('Instagram')
module.exports = Icon
module.exports.default = Icon
module.exports.__esModule = true
