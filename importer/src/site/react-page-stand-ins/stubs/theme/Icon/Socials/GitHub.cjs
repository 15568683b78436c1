// Stand-in of @theme/Icon/Socials/GitHub (../icon.cjs).
const Icon = require('../icon.cjs')('GitHub')
module.exports = Icon
module.exports.default = Icon
module.exports.__esModule = true
