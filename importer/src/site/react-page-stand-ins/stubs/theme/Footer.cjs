// Stand-in of @theme/Footer: nothing (a page that draws the footer itself, as Docusaurus 1 pages did, gets the site's own).
function Footer() {
  return null
}
module.exports = Footer
module.exports.default = Footer
module.exports.__esModule = true
