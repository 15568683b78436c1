// Stand-in of @theme/Icon/Socials/LinkedIn (../icon.cjs).
const Icon = require('../icon.cjs')('LinkedIn')
module.exports = Icon
module.exports.default = Icon
module.exports.__esModule = true
