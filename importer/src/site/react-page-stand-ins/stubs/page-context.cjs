// What the stand-ins of Docusaurus's modules read while a React page renders for the import: set by
// react-pages.ts before each render (the site config, the locale, its code.json messages) and filled
// by the Layout stand-in (the page's title and description); the global data of the site's own plugins. Global, so that every copy of the
// stand-ins a loader makes shares it.
const KEY = Symbol.for('site.import.reactPageContext')
globalThis[KEY] ??= {
  siteConfig: {},
  locale: 'en',
  defaultLocale: 'en',
  locales: ['en'],
  messages: {},
  layout: null,
  docsVersion: null,
  doc: null,
  globalData: {},
  used: new Set(),
}
module.exports = globalThis[KEY]
