// Stand-in of @theme/TabItem: its label as a heading, then its content.
const React = require('react')
function TabItem({label, value, children}) {
  return React.createElement('div', null, React.createElement('p', null, React.createElement('strong', null, label ?? value)), children)
}
module.exports = TabItem
module.exports.default = TabItem
module.exports.__esModule = true
