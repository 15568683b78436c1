// Stand-in of @theme/Admonition: its title and content, set apart.
const React = require('react')
function Admonition({type = 'note', title, children}) {
  return React.createElement('blockquote', null, React.createElement('p', null, React.createElement('strong', null, title ?? type)), children)
}
module.exports = Admonition
module.exports.default = Admonition
module.exports.__esModule = true
