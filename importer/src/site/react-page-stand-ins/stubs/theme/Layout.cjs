// Stand-in of @theme/Layout: records the page's title and description, and renders its content only
// (the navbar and footer are the site's own).
const React = require('react')
const state = require('../page-context.cjs')
function Layout({title, description, children}) {
  state.layout = {title: typeof title === 'string' ? title : undefined, description: typeof description === 'string' ? description : undefined}
  return React.createElement('div', {'data-react-page': ''}, children)
}
module.exports = Layout
module.exports.default = Layout
module.exports.__esModule = true
