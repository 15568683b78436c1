// Site settings of socket.io in Docusaurus's format; the importer reads the default export as plain data.
import remarkMath from 'remark-math'

export default {
  title: 'Socket.IO',
  tagline: 'Bidirectional and low-latency communication for every platform',
  url: 'https://socket.io',
  baseUrl: '/',
  onBrokenLinks: 'throw',
  onBrokenMarkdownLinks: 'warn',
  onBrokenAnchors: 'throw',
  i18n: {
    defaultLocale: 'en',
    locales: ['en', 'fr', 'pt-br', 'zh-CN'],
    localeConfigs: {
      en: {label: 'English', direction: 'ltr', htmlLang: 'en-US', calendar: 'gregory', path: 'en'},
      fr: {label: 'Français', direction: 'ltr', htmlLang: 'fr-FR', calendar: 'gregory', path: 'fr'},
      'pt-br': {label: 'Português (Brasil)', direction: 'ltr', htmlLang: 'pt-BR', calendar: 'gregory', path: 'pt-br'},
      'zh-CN': {label: '简体中文', direction: 'ltr', htmlLang: 'zh-CN', calendar: 'gregory', path: 'zh-CN'},
    },
  },
  presets: [
    [
      'classic',
      {
        docs: {
          lastVersion: 'current',
          versions: {
            current: {label: '4.x', path: 'v4'},
            '3.x': {label: '3.x', path: 'v3'},
            '2.x': {label: '2.x', path: 'v2'},
          },
          sidebarPath: './sidebars.js',
          remarkPlugins: [remarkMath],
          editUrl: 'https://github.com/socketio/socket.io-website/edit/main/',
        },
        blog: {
          postsPerPage: 10,
          blogSidebarCount: 10,
          showReadingTime: true,
        },
      },
    ],
  ],
  markdown: {mermaid: true},
  themes: ['@docusaurus/theme-mermaid'],
  plugins: [
    ['@docusaurus/plugin-ideal-image', {quality: 80, min: 480, max: 1600, steps: 3}],
    [
      '@docusaurus/plugin-client-redirects',
      {
        redirects: [
          {from: ['/docs/v4/internals', '/docs/v4/how-it-works-internals'], to: '/docs/v4/how-it-works/'},
          {from: '/docs/v4/reconnection', to: '/docs/v4/client-options/#reconnection'},
        ],
      },
    ],
  ],
  themeConfig: {
    colorMode: {
      defaultMode: 'light',
      respectPrefersColorScheme: true,
    },
    announcementBar: {
      id: 'socket-io-4-8-july-2024',
      content:
        'Custom transports and transport fallback are coming to the Socket.IO client. <a href="/blog/socket-io-4-8-preview/">Read the 4.8 preview</a>',
      backgroundColor: '#25c2a0',
      textColor: '#091e42',
      isCloseable: true,
    },
    navbar: {
      title: 'Socket.IO',
      logo: {alt: 'Socket.IO logo', src: 'images/logo.svg', srcDark: 'images/logo-dark.svg'},
      items: [
        {
          type: 'dropdown',
          label: 'Docs',
          position: 'left',
          items: [
            {type: 'doc', docId: 'index', label: 'Guide'},
            {to: '/docs/v4/tutorial/introduction/', label: 'Tutorial'},
            {to: '/demos/chat', label: 'Examples'},
            {to: '/docs/v4/emit-cheatsheet/', label: 'Emit cheatsheet'},
          ],
        },
        {type: 'doc', docId: 'server-api', label: 'Server API', position: 'left'},
        {type: 'doc', docId: 'client-api', label: 'Client API', position: 'left'},
        {
          type: 'dropdown',
          label: 'Ecosystem',
          position: 'left',
          items: [
            {type: 'html', value: 'Help'},
            {href: 'https://stackoverflow.com/questions/tagged/socket.io', label: 'Stack Overflow'},
            {href: 'https://github.com/socketio/socket.io/discussions', label: 'GitHub Discussions'},
            {href: 'https://socketio-slack.herokuapp.com/', label: 'Slack'},
            {type: 'html', value: 'News'},
            {to: '/blog', label: 'Blog'},
            {href: 'https://twitter.com/SocketIO', label: 'Twitter'},
            {type: 'html', value: 'Tools'},
            {href: 'https://cdn.socket.io', label: 'CDN'},
            {href: 'https://admin.socket.io', label: 'Admin UI'},
          ],
        },
        {
          type: 'dropdown',
          label: 'About',
          position: 'left',
          items: [
            {to: '/docs/v4/changelog/', label: 'Changelog'},
            {to: '/blog/archive', label: 'Blog archive'},
            {href: 'https://opencollective.com/socketio', label: 'Become a sponsor'},
          ],
        },
        {
          type: 'docsVersionDropdown',
          position: 'right',
          dropdownItemsAfter: [{to: '/docs/v4/changelog/', label: 'Changelog'}],
        },
        {type: 'localeDropdown', position: 'right'},
        {href: 'https://github.com/socketio/socket.io', label: 'GitHub', position: 'right'},
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'Documentation',
          items: [
            {label: 'Guide', to: '/docs/v4/'},
            {label: 'Tutorial', to: '/docs/v4/tutorial/introduction/'},
            {label: 'Examples', to: '/demos/chat'},
            {label: 'Server API', to: '/docs/v4/server-api/'},
            {label: 'Client API', to: '/docs/v4/client-api/'},
          ],
        },
        {
          title: 'Help',
          items: [
            {label: 'Stack Overflow', href: 'https://stackoverflow.com/questions/tagged/socket.io'},
            {label: 'GitHub Discussions', href: 'https://github.com/socketio/socket.io/discussions'},
            {label: 'Slack', href: 'https://socketio-slack.herokuapp.com/'},
          ],
        },
        {
          title: 'News',
          items: [
            {label: 'Blog', to: '/blog'},
            {label: 'Twitter', href: 'https://twitter.com/SocketIO'},
          ],
        },
        {
          title: 'Tools',
          items: [
            {label: 'CDN', href: 'https://cdn.socket.io'},
            {label: 'Admin UI', href: 'https://admin.socket.io'},
            {label: 'Become a sponsor', href: 'https://opencollective.com/socketio'},
          ],
        },
      ],
      copyright: 'Copyright © 2022 Socket.IO',
    },
    tableOfContents: {
      minHeadingLevel: 2,
      maxHeadingLevel: 3,
    },
  },
}
