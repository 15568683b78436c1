// Stand-in of @docusaurus/Translate: the message of the page's locale (its code.json), else the default text.
const React = require('react')
const state = require('../page-context.cjs')

function interpolate(text, values) {
  if (!values) return text
  const parts = String(text).split(/(\{\w+\})/)
  const hasElements = Object.values(values).some((value) => React.isValidElement(value))
  const filled = parts.map((part, index) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1]
    const value = name !== undefined && values[name] !== undefined ? values[name] : part
    return hasElements && React.isValidElement(value) ? React.cloneElement(value, {key: index}) : value
  })
  return hasElements ? filled : filled.join('')
}

// As in Docusaurus, a message without an id is its own id: code.json keys it by its default text.
function message(givenId, fallback) {
  const id = givenId ?? fallback
  if (id) state.used.add(id)
  return (id && typeof state.messages[id] === 'string' ? state.messages[id] : undefined) ?? fallback ?? id ?? ''
}

function translate({id, message: fallback} = {}, values) {
  return interpolate(message(id, fallback), values)
}

function Translate({id, children, values}) {
  return React.createElement(React.Fragment, null, interpolate(message(id, typeof children === 'string' ? children : undefined), values))
}

module.exports = Translate
module.exports.default = Translate
module.exports.translate = translate
module.exports.__esModule = true
