// Stand-in of @docusaurus/Interpolate: {name} placeholders of its text filled with its values.
const React = require('react')
function Interpolate({children, values}) {
  const parts = String(children ?? '').split(/(\{\w+\})/)
  return React.createElement(
    React.Fragment,
    null,
    ...parts.map((part, index) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1]
      const value = name !== undefined && values && values[name] !== undefined ? values[name] : part
      return React.isValidElement(value) ? React.cloneElement(value, {key: index}) : value
    }),
  )
}
module.exports = Interpolate
module.exports.default = Interpolate
module.exports.interpolate = (text, values) =>
  String(text).replace(/\{(\w+)\}/g, (whole, name) => (values && values[name] !== undefined ? String(values[name]) : whole))
module.exports.__esModule = true
