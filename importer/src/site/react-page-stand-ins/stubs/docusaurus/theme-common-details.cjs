// Stand-in of @docusaurus/theme-common/Details, the theme's collapsible box: a <details> with its summary, which the
// import reads as the theme's details block (the same as markdown's <details> element).
const React = require('react')

function Details({summary, children, className, ...rest}) {
  const own = React.isValidElement(summary) && summary.type === 'summary'
  const head = own ? summary : React.createElement('summary', null, summary ?? 'Details')
  const props = Object.fromEntries(Object.entries(rest).filter(([name]) => name === 'open' || name === 'id' || name.startsWith('data-')))
  return React.createElement('details', {...props, ...(className ? {className} : {})}, head, children)
}

module.exports = {Details, __esModule: true}
