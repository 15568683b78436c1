// Stand-in of @theme/Admonition: written as the element itself (`<Admonition type title>`), which the
// import reads as it reads the same component in MDX: an admonition of that kind and title.
const React = require('react')
function Admonition({type = 'note', title, children}) {
  // Blank lines around the content: read as blocks, as the content of an admonition written in MDX is.
  return React.createElement('Admonition', {type, ...(typeof title === 'string' ? {title} : {})}, '\n\n', children, '\n\n')
}
module.exports = Admonition
module.exports.default = Admonition
module.exports.__esModule = true
