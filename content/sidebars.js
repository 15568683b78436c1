// Sidebars of the current docs version (4.x, path v4), in Docusaurus's format.

export default {
  sidebar: [
    {
      type: 'category',
      label: 'Documentation',
      collapsed: false,
      items: ['index', 'how-it-works', 'delivery-guarantees', 'connection-state-recovery'],
    },
    {
      type: 'category',
      label: 'Server',
      collapsed: false,
      items: ['server-installation', 'server-initialization', 'server-instance', 'server-socket-instance', 'middlewares', 'handling-cors'],
    },
    {
      type: 'category',
      label: 'Client',
      collapsed: false,
      items: ['client-installation', 'client-initialization', 'client-socket-instance', 'client-offline-behavior'],
    },
    {
      type: 'category',
      label: 'Events',
      collapsed: false,
      link: {type: 'doc', id: 'emitting-events'},
      items: ['emitting-events', 'listening-to-events', 'broadcasting-events', 'rooms', 'emit-cheatsheet'],
    },
    {
      type: 'category',
      label: 'Adapters',
      collapsed: false,
      link: {type: 'doc', id: 'adapter'},
      items: [
        'adapter',
        'redis-adapter',
        'redis-streams-adapter',
        'mongo-adapter',
        'postgres-adapter',
        'aws-sqs-adapter',
        'azure-service-bus-adapter',
        'gcp-pubsub-adapter',
        'cluster-adapter',
      ],
    },
    {
      type: 'category',
      label: 'Advanced',
      collapsed: false,
      items: [{type: 'doc', id: 'namespaces', label: 'Namespaces'}, 'using-multiple-nodes', 'reverse-proxy'],
    },
    {
      type: 'category',
      label: 'Migrations',
      collapsed: false,
      items: ['migrating-from-2-x-to-3-0', 'migrating-from-3-x-to-4-0'],
    },
    {type: 'link', label: 'Changelog', href: '/docs/v4/changelog/'},
  ],
  serverSidebar: ['server-api', 'server-options'],
  clientSidebar: ['client-api', 'client-options'],
}
