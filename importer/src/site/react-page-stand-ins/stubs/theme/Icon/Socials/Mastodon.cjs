// Stand-in of @theme/Icon/Socials/Mastodon (../icon.cjs).
const Icon = require('../icon.cjs')('Mastodon')
module.exports = Icon
module.exports.default = Icon
module.exports.__esModule = true
