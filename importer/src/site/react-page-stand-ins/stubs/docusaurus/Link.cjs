// Stand-in of @docusaurus/Link: a plain link (site paths stay site paths; the site puts them under the reader's locale).
const React = require('react')
function Link({to, href, children, isNavLink, activeClassName, autoAddBaseUrl, ...rest}) {
  return React.createElement('a', {...rest, href: to ?? href}, children)
}
module.exports = Link
module.exports.default = Link
module.exports.__esModule = true
