// Stand-in of @theme/CodeBlock: a code block with its language, as markdown's fences give it.
const React = require('react')
function CodeBlock({children, language, className, title}) {
  const lang = language ?? /language-(\S+)/.exec(className ?? '')?.[1]
  return React.createElement('pre', {title}, React.createElement('code', {className: lang ? `language-${lang}` : undefined}, children))
}
module.exports = CodeBlock
module.exports.default = CodeBlock
module.exports.__esModule = true
