// Stand-in of @theme/TabItem: written as the element itself (`<TabItem value label>`), its content between blank
// lines so that it is read as blocks, as the content of a TabItem written in MDX is. React writes any `default`
// attribute empty (it is a boolean attribute of HTML's <track>), so the default tab is marked `data-default="true"`.
const React = require('react')
function TabItem({label, value, children, default: isDefault}) {
  return React.createElement('TabItem', {value, label: label ?? value, 'data-default': isDefault ? 'true' : undefined}, '\n\n', children, '\n\n')
}
module.exports = TabItem
module.exports.default = TabItem
module.exports.__esModule = true
