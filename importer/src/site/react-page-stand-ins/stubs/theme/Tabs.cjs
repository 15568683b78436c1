// Stand-in of @theme/Tabs: written as the element itself (`<Tabs groupId>`), which the import reads as it reads the
// same component in MDX: tabs of the panels its <TabItem>s hold (handlers/tabs.ts, and mdx-components.ts for a site
// component that renders them). The tab `defaultValue` names is marked as its TabItem's default.
const React = require('react')
function Tabs({children, groupId, defaultValue}) {
  const items =
    defaultValue === undefined
      ? children
      : React.Children.map(children, (child) =>
          React.isValidElement(child) && child.props.value === defaultValue ? React.cloneElement(child, {default: true}) : child,
        )
  return React.createElement('Tabs', {groupId}, items)
}
module.exports = Tabs
module.exports.default = Tabs
module.exports.__esModule = true
