// Beacon's documentation: a docs-only site published on GitHub Pages under /beacon/.
import type {Config} from '@docusaurus/types'
import type * as Preset from '@docusaurus/preset-classic'

const config: Config = {
  title: 'Beacon',
  tagline: 'Know who is online, in a few lines of code',
  favicon: 'img/favicon.ico',
  url: 'https://beacon-presence.example.org',
  baseUrl: '/beacon/',
  trailingSlash: false,
  organizationName: 'beacon-presence',
  projectName: 'beacon',
  onBrokenLinks: 'throw',

  i18n: {
    defaultLocale: 'en',
    locales: ['en', 'fa'],
    localeConfigs: {
      fa: {label: 'فارسی', direction: 'rtl', htmlLang: 'fa-IR'},
    },
  },

  presets: [
    [
      'classic',
      {
        docs: {
          routeBasePath: '/',
          sidebarPath: './sidebars.ts',
          lastVersion: 'current',
          versions: {
            current: {label: '2.x', path: ''},
            '1.x': {label: '1.x (legacy)', path: 'legacy', banner: 'unmaintained'},
          },
          admonitions: {keywords: ['security'], extendDefaults: true},
        },
        blog: false,
        theme: {customCss: './src/css/custom.css'},
      } satisfies Preset.Options,
    ],
  ],

  plugins: [
    [
      '@docusaurus/plugin-content-docs',
      {
        id: 'community',
        path: 'community',
        routeBasePath: 'community',
        sidebarPath: './sidebarsCommunity.ts',
      },
    ],
  ],

  themeConfig: {
    navbar: {
      title: 'Beacon',
      logo: {alt: 'Beacon logo', src: 'img/logo.svg'},
      items: [
        {type: 'docSidebar', sidebarId: 'guide', label: 'Guide', position: 'left'},
        {type: 'docSidebar', sidebarId: 'community', docsPluginId: 'community', label: 'Community', position: 'left'},
        {type: 'docsVersionDropdown', position: 'right'},
        {type: 'localeDropdown', position: 'right'},
      ],
    },
    footer: {
      style: 'light',
      links: [
        {label: 'Download the schema', href: 'pathname:///downloads/presence-schema.json'},
        {label: 'Support', to: '/community/support'},
      ],
      copyright: `Beacon contributors, ${new Date(2025, 0, 1).getFullYear()}. Text under CC BY 4.0.`,
    },
  } satisfies Preset.ThemeConfig,
}

export default config
