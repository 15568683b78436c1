// Stand-in of @theme/Icon/Socials/Threads (../icon.cjs).
const Icon = require('../icon.cjs')('Threads')
module.exports = Icon
module.exports.default = Icon
module.exports.__esModule = true
