// Stand-in of @theme/Navbar: nothing (a page that draws the navbar itself gets the site's own).
function Navbar() {
  return null
}
module.exports = Navbar
module.exports.default = Navbar
module.exports.__esModule = true
