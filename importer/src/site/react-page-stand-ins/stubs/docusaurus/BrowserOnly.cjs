// Stand-in of @docusaurus/BrowserOnly: renders nothing (head tags and browser-only parts are not content).
function BrowserOnly() {
  return null
}
module.exports = BrowserOnly
module.exports.default = BrowserOnly
module.exports.__esModule = true
