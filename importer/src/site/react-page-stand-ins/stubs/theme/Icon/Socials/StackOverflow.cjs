// Stand-in of @theme/Icon/Socials/StackOverflow (../icon.cjs).
const Icon = require('../icon.cjs')('StackOverflow')
module.exports = Icon
module.exports.default = Icon
module.exports.__esModule = true
