// Stand-in of @theme/ThemedImage: its light image.
const React = require('react')
function ThemedImage({sources, alt, ...rest}) {
  return React.createElement('img', {...rest, alt, src: sources?.light ?? sources?.dark})
}
module.exports = ThemedImage
module.exports.default = ThemedImage
module.exports.__esModule = true
