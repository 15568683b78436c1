// Stand-in of the parts of @docusaurus/theme-common (and of its /internal entry) that React pages and components use while rendering.
const React = require('react')
const {useDoc} = require('./doc.cjs')
const state = require('../page-context.cjs')

const themeConfig = () => {
  const value = state.siteConfig?.themeConfig
  return value && typeof value === 'object' ? value : {}
}

/** The site's code theme as its config gives it (a Prism theme object), else an empty one: components read `plain` and `styles`. */
function usePrismTheme() {
  const theme = themeConfig().prism?.theme
  return theme && typeof theme === 'object' && 'plain' in theme ? theme : {plain: {}, styles: []}
}

/** The plural form of `message` ("One post|{count} posts") for `count`, in the locale rendered. */
function usePluralForm() {
  const rules = new Intl.PluralRules(state.locale || 'en')
  return {
    selectMessage(count, message) {
      const forms = String(message).split('|')
      if (forms.length === 1) return forms[0]
      const categories = rules.resolvedOptions().pluralCategories
      const index = categories.indexOf(rules.select(count))
      return forms[Math.min(index === -1 ? forms.length - 1 : index, forms.length - 1)]
    },
  }
}

module.exports = {
  useColorMode: () => ({colorMode: 'light', isDarkTheme: false, setColorMode() {}}),
  useThemeConfig: themeConfig,
  usePrismTheme,
  usePluralForm,
  // What the theme's hook gives while Docusaurus renders pages at build.
  useWindowSize: () => 'ssr',
  useIsomorphicLayoutEffect: React.useEffect,
  useEvent: (callback) => callback,
  PageMetadata: () => null,
  HtmlClassNameProvider: ({children}) => React.createElement(React.Fragment, null, children),
  ThemeClassNames: new Proxy({}, {get: () => new Proxy({}, {get: () => ''})}),
  translateTagsPageTitle: () => 'Tags',
  useDoc,
  __esModule: true,
}
