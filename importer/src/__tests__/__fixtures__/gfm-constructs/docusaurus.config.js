// @ts-check
/** Kite notes: a small docs site of the importer's tests (see README.md). */
/** @type {import('@docusaurus/types').Config} */
module.exports = {
  title: 'Kite notes',
  tagline: 'Notes on flying kites',
  url: 'https://kites.example.org',
  baseUrl: '/',
  // The navbar title links to /, which this docs-only site has no page for.
  onBrokenLinks: 'warn',
  i18n: {defaultLocale: 'en', locales: ['en']},
  presets: [
    [
      'classic',
      /** @type {import('@docusaurus/preset-classic').Options} */
      ({
        docs: {sidebarPath: require.resolve('./sidebars.js')},
        blog: false,
        theme: {},
      }),
    ],
  ],
  themeConfig: {
    navbar: {title: 'Kite notes', items: [{type: 'docSidebar', sidebarId: 'notes', position: 'left', label: 'Notes'}]},
  },
}
