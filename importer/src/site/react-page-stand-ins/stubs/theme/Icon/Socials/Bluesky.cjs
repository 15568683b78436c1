// Stand-in of @theme/Icon/Socials/Bluesky (../icon.cjs).
const Icon = require('../icon.cjs')('Bluesky')
module.exports = Icon
module.exports.default = Icon
module.exports.__esModule = true
