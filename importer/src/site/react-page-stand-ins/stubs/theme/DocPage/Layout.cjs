// Stand-in of @theme/DocPage/Layout (Docusaurus 2; DocRoot/Layout in 3): the docs page's frame around the doc.
// The frame is the site's own here; a component that wraps it (a swizzled Layout adding React contexts) gets its content.
const React = require('react')
function Layout({children}) {
  return React.createElement(React.Fragment, null, children)
}
module.exports = Layout
module.exports.default = Layout
module.exports.__esModule = true
