// Stand-in of @theme/TabItem: written as the element itself (`<TabItem value label>`), its content between blank
// lines so that it is read as blocks, as the content of a TabItem written in MDX is. React writes any `default`
// attribute empty (it is a boolean attribute of HTML's <track>), so the default tab is marked `data-default="true"`.
// A label that is markup (a logo) is the text it gives a reader: its image's alt, its title, else its words.
const React = require('react')
function textOf(node) {
  if (node === null || node === undefined || typeof node === 'boolean') return ''
  if (typeof node === 'string' || typeof node === 'number') return String(node)
  if (Array.isArray(node)) return node.map(textOf).join('')
  if (React.isValidElement(node)) {
    const props = node.props ?? {}
    const named = props.alt ?? props['aria-label'] ?? props.title
    return typeof named === 'string' && named.trim() !== '' ? named : textOf(props.children)
  }
  return ''
}
function TabItem({label, value, children, default: isDefault}) {
  const shown = label === undefined ? value : typeof label === 'string' ? label : textOf(label) || value
  return React.createElement('TabItem', {value, label: shown, 'data-default': isDefault ? 'true' : undefined}, '\n\n', children, '\n\n')
}
module.exports = TabItem
module.exports.default = TabItem
module.exports.__esModule = true
