// Stand-in of @theme/Layout/Provider (the theme's context providers around a page): its content.
const React = require('react')
function LayoutProvider({children}) {
  return React.createElement(React.Fragment, null, children)
}
module.exports = LayoutProvider
module.exports.default = LayoutProvider
module.exports.__esModule = true
