// Stand-in of the parts of @docusaurus/theme-common (and of its /internal entry) that React pages and components use while rendering.
const {useDoc} = require('./doc.cjs')
module.exports = {
  useColorMode: () => ({colorMode: 'light', isDarkTheme: false, setColorMode() {}}),
  useThemeConfig: () => ({}),
  ThemeClassNames: new Proxy({}, {get: () => new Proxy({}, {get: () => ''})}),
  translateTagsPageTitle: () => 'Tags',
  useDoc,
  __esModule: true,
}
