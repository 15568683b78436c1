// Stand-in of @docusaurus/Head: renders nothing (head tags and browser-only parts are not content).
function Head() {
  return null
}
module.exports = Head
module.exports.default = Head
module.exports.__esModule = true
