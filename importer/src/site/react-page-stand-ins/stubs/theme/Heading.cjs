// Stand-in of @theme/Heading: the heading element it names.
const React = require('react')
function Heading({as: As = 'h2', ...rest}) {
  return React.createElement(As, rest)
}
module.exports = Heading
module.exports.default = Heading
module.exports.__esModule = true
