// The navbar lives in its own module: docusaurus.config.js requires it.
// It uses every kind of navbar item that Docusaurus 3 accepts.

/** @type {import('@docusaurus/preset-classic').ThemeConfig['navbar']} */
module.exports = {
  title: 'Relay',
  hideOnScroll: false,
  logo: {
    alt: 'Relay logo',
    src: 'img/logo.svg',
  },
  items: [
    {type: 'doc', docId: 'intro', label: 'Docs', position: 'left'},
    {type: 'docSidebar', sidebarId: 'changelog', label: 'Changelog', position: 'left'},
    {type: 'docsVersion', version: 'current', label: 'Preview', position: 'left'},
    {to: '/blog', label: 'Blog', position: 'left'},
    {
      type: 'dropdown',
      label: 'Community',
      position: 'left',
      items: [
        {type: 'html', value: '<b>Community</b>'},
        {label: 'Showcase', to: '/showcase'},
        {label: 'Guides for teams', to: '/guides'},
        {label: 'Discussion forum', href: 'https://forum.relay.example.org'},
      ],
    },
    {
      type: 'docsVersionDropdown',
      position: 'right',
      dropdownItemsAfter: [
        {type: 'html', value: '<hr class="dropdown-separator">'},
        {href: 'https://code.example.org/relay/relay/releases', label: 'Older releases'},
      ],
    },
    {type: 'localeDropdown', position: 'right'},
    {
      href: 'https://code.example.org/relay/relay',
      position: 'right',
      className: 'header-code-host-link',
      'aria-label': 'Relay source code',
    },
    {type: 'search', position: 'right'},
  ],
};
