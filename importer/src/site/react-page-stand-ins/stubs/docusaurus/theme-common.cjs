// Stand-in of the parts of @docusaurus/theme-common that React pages use while rendering.
module.exports = {
  useColorMode: () => ({colorMode: 'light', isDarkTheme: false, setColorMode() {}}),
  useThemeConfig: () => ({}),
  ThemeClassNames: new Proxy({}, {get: () => new Proxy({}, {get: () => ''})}),
  translateTagsPageTitle: () => 'Tags',
  __esModule: true,
}
