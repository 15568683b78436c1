// A small Docusaurus-layout site for the importer's end-to-end test.
export default {
  title: 'Fixture',
  tagline: 'A site for tests',
  url: 'https://fixture.example',
  i18n: {defaultLocale: 'en', locales: ['en', 'fr'], localeConfigs: {fr: {label: 'Français'}}},
  presets: [
    [
      'classic',
      {
        docs: {
          sidebarPath: './sidebars.js',
          lastVersion: 'current',
          versions: {current: {label: '4.x', path: 'v4'}, '3.x': {label: '3.x', path: 'v3'}},
        },
        blog: {postsPerPage: 10, blogSidebarCount: 5},
      },
    ],
  ],
  themeConfig: {
    navbar: {
      title: 'Fixture',
      logo: {alt: 'Logo', src: '/images/logo.png'},
      items: [
        {type: 'docSidebar', sidebarId: 'docs', label: 'Docs', position: 'left'},
        {type: 'doc', docId: 'server/rooms', label: 'Rooms'},
        {to: '/blog', label: 'Blog'},
        {
          type: 'dropdown',
          label: 'More',
          items: [{type: 'html', value: 'Help'}, {href: 'https://example.com/help', label: 'Help center'}],
        },
        {type: 'docsVersionDropdown', position: 'right', dropdownItemsAfter: [{to: '/versions', label: 'All versions'}]},
        {type: 'localeDropdown', position: 'right'},
      ],
    },
    footer: {
      links: [{title: 'Docs', items: [{label: 'Get started', to: '/docs/v4/'}]}],
      copyright: 'Copyright the fixture authors',
    },
    announcementBar: {id: 'hello', content: 'Hello, <a href="/blog/hello-world/">read the post</a>', isCloseable: true, backgroundColor: 'rgb(227, 36, 110)', textColor: 'white'},
    colorMode: {defaultMode: 'light', respectPrefersColorScheme: true},
  },
}
