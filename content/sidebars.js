// Sidebar of the current docs version (4.x, path v4), in Docusaurus's format.

export default {
  sidebar: [
    {
      type: 'category',
      label: 'Documentation',
      collapsed: false,
      items: ['index'],
    },
    {
      type: 'category',
      label: 'Server',
      collapsed: false,
      items: ['server-installation', 'server-api'],
    },
    {
      type: 'category',
      label: 'Client',
      collapsed: false,
      items: ['client-api'],
    },
    {
      type: 'category',
      label: 'Events',
      collapsed: false,
      link: {type: 'doc', id: 'emitting-events'},
      items: ['emitting-events', 'listening-to-events', 'rooms'],
    },
    {
      type: 'category',
      label: 'Advanced',
      collapsed: false,
      items: [{type: 'doc', id: 'namespaces', label: 'Namespaces'}],
    },
    {type: 'link', label: 'Changelog', href: '/docs/v4/changelog/'},
  ],
}
