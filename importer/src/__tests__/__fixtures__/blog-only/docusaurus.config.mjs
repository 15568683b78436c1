// Blog-only mode: the blog plugin serves the site root, its first list page is the home page.
export default {
  title: 'Relay Notes',
  tagline: 'What we learn while building a small pub/sub relay',
  url: 'https://notes.relay.example.org',
  baseUrl: '/',
  onBrokenLinks: 'throw',
  favicon: 'img/favicon.svg',
  i18n: {defaultLocale: 'en', locales: ['en', 'fr']},
  presets: [
    [
      'classic',
      {
        docs: {sidebarPath: './sidebars.js'},
        blog: {routeBasePath: '/', showReadingTime: true, postsPerPage: 2, blogSidebarCount: 5, blogTitle: 'Relay Notes', blogDescription: 'Engineering notes on Relay'},
        theme: {},
      },
    ],
  ],
  themeConfig: {
    navbar: {
      title: 'Relay Notes',
      items: [
        {to: '/', label: 'Posts', position: 'left', activeBaseRegex: '^/$'},
        {type: 'docSidebar', sidebarId: 'handbook', label: 'Handbook', position: 'left'},
        {to: '/archive', label: 'Archive', position: 'left'},
        {type: 'localeDropdown', position: 'right'},
      ],
    },
    footer: {style: 'light', copyright: 'Relay Notes, written for a test fixture.'},
  },
}
