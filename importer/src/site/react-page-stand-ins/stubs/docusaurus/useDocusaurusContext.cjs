// Stand-in of @docusaurus/useDocusaurusContext: the site config and the locale being rendered.
const state = require('../page-context.cjs')
function useDocusaurusContext() {
  return {
    siteConfig: state.siteConfig,
    siteMetadata: {},
    globalData: state.globalData,
    i18n: {currentLocale: state.locale, defaultLocale: state.defaultLocale, locales: state.locales, localeConfigs: {}},
  }
}
module.exports = useDocusaurusContext
module.exports.default = useDocusaurusContext
module.exports.__esModule = true
