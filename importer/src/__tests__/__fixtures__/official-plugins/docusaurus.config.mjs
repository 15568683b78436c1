// Beacon's website: a Docusaurus 3 site that uses math (remark-math and rehype-katex, as the
// Docusaurus documentation configures them), Mermaid diagrams (@docusaurus/theme-mermaid), responsive
// images (@docusaurus/plugin-ideal-image) and redirects (@docusaurus/plugin-client-redirects).
// A test fixture: see README.md for what each file exercises.
import remarkMath from 'remark-math';
import rehypeKatex from 'rehype-katex';

export default {
  title: 'Beacon',
  tagline: 'Who is online, in every room, at once',
  url: 'https://beacon.example.org',
  baseUrl: '/',
  onBrokenLinks: 'throw',
  markdown: {mermaid: true},
  themes: ['@docusaurus/theme-mermaid'],
  presets: [
    [
      'classic',
      {
        docs: {
          sidebarPath: './sidebars.js',
          remarkPlugins: [remarkMath],
          rehypePlugins: [rehypeKatex],
        },
        blog: false,
      },
    ],
  ],
  plugins: [
    ['@docusaurus/plugin-ideal-image', {quality: 70, max: 1200, min: 400, steps: 3, disableInDev: false}],
    [
      '@docusaurus/plugin-client-redirects',
      {
        fromExtensions: ['html'],
        redirects: [
          {from: '/docs/formulas', to: '/docs/math'},
          {from: ['/docs/charts', '/docs/pictures/diagrams'], to: '/docs/diagrams'},
        ],
        createRedirects(existingPath) {
          if (existingPath.startsWith('/docs/images')) return [existingPath.replace('/docs/images', '/docs/screenshots')];
          return undefined;
        },
      },
    ],
  ],
  themeConfig: {
    mermaid: {theme: {light: 'neutral', dark: 'dark'}},
  },
};
