// Kitchen-sink Docusaurus 3 site: the website of Relay, a fictional real-time
// messaging library. A test fixture: see README.md for what each file exercises.
//
// CommonJS on purpose (module.exports), as many Docusaurus 2 sites still are.
// It requires a module of the site (./config/navbar.js) and a package that the
// site lists in package.json but that is not installed beside the fixture
// (prism-react-renderer, the code theme).

const {themes} = require('prism-react-renderer');
const navbar = require('./config/navbar.js');

/** @type {import('@docusaurus/types').Config} */
module.exports = {
  title: 'Relay',
  tagline: 'Messages between browsers and servers, in order and on time',
  favicon: 'img/favicon.ico',
  url: 'https://relay.example.org',
  baseUrl: '/',
  organizationName: 'relay',
  projectName: 'relay-website',

  onBrokenLinks: 'throw',
  onBrokenMarkdownLinks: 'warn',
  onBrokenAnchors: 'warn',

  i18n: {
    defaultLocale: 'en',
    locales: ['en', 'fr', 'pt-BR'],
    localeConfigs: {
      en: {label: 'English', htmlLang: 'en-US'},
      fr: {label: 'Français', htmlLang: 'fr-FR'},
      'pt-BR': {label: 'Português (Brasil)', htmlLang: 'pt-BR'},
    },
  },

  presets: [
    [
      'classic',
      /** @type {import('@docusaurus/preset-classic').Options} */
      ({
        docs: {
          sidebarPath: require.resolve('./sidebars.js'),
          // versions.json lists "1.0": it is the last version, served at /docs/;
          // the current docs folder is "Next", served at /docs/next/.
          versions: {
            current: {label: 'Next'},
          },
          editUrl: 'https://code.example.org/relay/relay-website/edit/main/',
        },
        blog: {
          showReadingTime: true,
          blogSidebarCount: 'ALL',
        },
        theme: {
          customCss: require.resolve('./src/css/custom.css'),
        },
        // Google's tag on every page (a fake measurement id): named in the import report.
        gtag: {
          trackingID: 'G-RELAY00000',
        },
      }),
    ],
  ],

  // ```jsx live blocks become editors with their result (shown as highlighted code by the importer, which reports it).
  themes: ['@docusaurus/theme-live-codeblock'],

  /** @type {import('@docusaurus/preset-classic').ThemeConfig} */
  themeConfig: {
    image: 'img/diagram.png',
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: true,
    },
    announcementBar: {
      id: 'relay-2-preview',
      content:
        'Relay 2.0 is in preview: read <a href="/docs/next/changelog/2.0.0">what changes</a>. Your feedback shapes the final release.',
      backgroundColor: '#10213f',
      textColor: '#ffffff',
      isCloseable: true,
    },
    navbar,
    footer: {
      style: 'dark',
      links: [
        {
          title: 'Learn',
          items: [
            {label: 'Introduction', to: '/docs/'},
            {label: 'Changelog', to: '/docs/changelog'},
            {label: 'Cheat sheet', href: 'pathname:///files/cheatsheet.txt'},
          ],
        },
        {
          title: 'Community',
          items: [
            {label: 'Discussion forum', href: 'https://forum.relay.example.org'},
            {
              html: '<a href="https://chat.relay.example.org" target="_blank" rel="noopener noreferrer">Live chat <small>(volunteers)</small></a>',
            },
          ],
        },
        {
          title: 'More',
          items: [
            {label: 'Blog', to: '/blog'},
            {label: 'About', to: '/about'},
          ],
        },
      ],
      copyright:
        'Copyright © 2024 The Relay authors. Text under <a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a>.',
    },
    prism: {
      theme: themes.github,
      darkTheme: themes.dracula,
      additionalLanguages: ['bash'],
    },
    algolia: {
      appId: 'RELAYFIXTURE',
      apiKey: 'fixture-search-only-key-not-a-secret',
      indexName: 'relay',
      contextualSearch: true,
    },
  },
};
