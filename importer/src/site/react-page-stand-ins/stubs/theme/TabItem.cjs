// Stand-in of @theme/TabItem: its label as a heading, then its content; its value and label are marked for the
// same reading back as the Tabs stand-in's.
const React = require('react')
function TabItem({label, value, children, default: isDefault}) {
  return React.createElement(
    'div',
    {'data-tab-value': value, 'data-tab-label': label ?? value, 'data-tab-default': isDefault ? '' : undefined},
    React.createElement('p', null, React.createElement('strong', null, label ?? value)),
    children,
  )
}
module.exports = TabItem
module.exports.default = TabItem
module.exports.__esModule = true
