// Stand-in of @theme/Tabs: written as the element itself (`<Tabs groupId>`), which the import reads as it reads the
// same component in MDX: tabs of the panels its <TabItem>s hold (handlers/tabs.ts, and mdx-components.ts for a site
// component that renders them). The tab `defaultValue` names is marked as its TabItem's default; a TabItem without a
// label of its own takes the one `values` gives its value, as the theme's tabs do.
const React = require('react')
function Tabs({children, groupId, defaultValue, values}) {
  const labels = new Map((Array.isArray(values) ? values : []).map((entry) => [entry?.value, entry?.label]))
  const items = React.Children.map(children, (child) => {
    if (!React.isValidElement(child)) return child
    const extra = {}
    if (defaultValue !== undefined && child.props.value === defaultValue) extra.default = true
    if (child.props.label === undefined && labels.get(child.props.value) !== undefined) extra.label = labels.get(child.props.value)
    return Object.keys(extra).length > 0 ? React.cloneElement(child, extra) : child
  })
  return React.createElement('Tabs', {groupId}, items)
}
module.exports = Tabs
module.exports.default = Tabs
module.exports.__esModule = true
