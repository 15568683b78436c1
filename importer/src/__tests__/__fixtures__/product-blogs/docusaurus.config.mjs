// @ts-check
// The Harbor website: product docs, a company blog and the release notes (a second blog).

/** @type {import('@docusaurus/types').Config} */
const config = {
  title: 'Harbor',
  tagline: 'Message queues you do not have to run',
  favicon: 'img/favicon.ico',
  url: 'https://harbor-queue.example.com',
  baseUrl: '/',
  onBrokenLinks: 'throw',
  markdown: {hooks: {onBrokenMarkdownLinks: 'throw'}},

  i18n: {
    defaultLocale: 'en',
    locales: ['en', 'zh-Hans'],
    localeConfigs: {'zh-Hans': {label: '简体中文'}},
  },

  presets: [
    [
      'classic',
      /** @type {import('@docusaurus/preset-classic').Options} */
      ({
        docs: {sidebarPath: './sidebars.js'},
        blog: {
          blogTitle: 'Harbor blog',
          blogDescription: 'News and engineering notes from the Harbor team',
          postsPerPage: 3,
          blogSidebarTitle: 'Recent posts',
          blogSidebarCount: 4,
          showReadingTime: false,
          tags: 'tags.yml',
          onInlineTags: 'throw',
          feedOptions: {type: 'all'},
        },
        theme: {customCss: './src/css/custom.css'},
      }),
    ],
  ],

  plugins: [
    [
      '@docusaurus/plugin-content-blog',
      /** @type {import('@docusaurus/plugin-content-blog').Options} */
      ({
        id: 'releases',
        path: 'releases',
        routeBasePath: 'releases',
        blogTitle: 'Release notes',
        blogDescription: 'What changed in each Harbor release',
        blogSidebarTitle: 'All releases',
        blogSidebarCount: 'ALL',
        postsPerPage: 'ALL',
        showReadingTime: false,
        onInlineTags: 'ignore',
      }),
    ],
  ],

  themeConfig:
    /** @type {import('@docusaurus/preset-classic').ThemeConfig} */
    ({
      navbar: {
        title: 'Harbor',
        logo: {alt: 'Harbor', src: 'img/logo.svg'},
        items: [
          {type: 'docSidebar', sidebarId: 'docs', label: 'Docs', position: 'left'},
          {to: '/blog', label: 'Blog', position: 'left'},
          {to: '/releases', label: 'Releases', position: 'left'},
          {to: '/pricing', label: 'Pricing', position: 'left'},
          {type: 'localeDropdown', position: 'right'},
        ],
      },
      footer: {
        style: 'dark',
        links: [
          {
            title: 'Product',
            items: [
              {label: 'Docs', to: '/docs/intro'},
              {label: 'Pricing', to: '/pricing'},
            ],
          },
          {
            title: 'News',
            items: [
              {label: 'Blog', to: '/blog'},
              {label: 'Release notes', to: '/releases'},
            ],
          },
        ],
        copyright: 'Harbor is a fictional product made for a test fixture.',
      },
    }),
}

export default config
