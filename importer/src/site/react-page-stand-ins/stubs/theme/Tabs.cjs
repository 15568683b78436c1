// Stand-in of @theme/Tabs: every panel, one after the other (the import keeps all of their content), marked so that
// tabs of code blocks a site component renders are read back as tabs (handlers/mdx-components.ts).
const React = require('react')
function Tabs({children, groupId}) {
  return React.createElement('div', {'data-tabs': '', 'data-group-id': groupId}, children)
}
module.exports = Tabs
module.exports.default = Tabs
module.exports.__esModule = true
