// Stand-in of the theme's icons (@theme/Icon/*): an empty, hidden SVG of the icon's size. The page's
// text and structure are what the import keeps; an icon's drawing is the site's look, not its content.
const React = require('react')
module.exports = function icon(name) {
  function Icon({width = 20, height = 20, ...rest}) {
    return React.createElement('svg', {viewBox: '0 0 24 24', width, height, 'aria-hidden': true, 'data-icon': name, ...rest})
  }
  Icon.displayName = `Icon${name}`
  return Icon
}
