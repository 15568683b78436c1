import {defineField, defineType} from '@sanity/types'
import {VERSION_ID} from '../model'

export const sidebar = defineType({
  name: 'sidebar',
  title: 'Sidebar',
  type: 'document',
  fields: [
    defineField({
      name: 'version',
      type: 'string',
      validation: (rule) => rule.required().regex(VERSION_ID, {name: 'version identifier'}),
    }),
    defineField({
      name: 'sidebarId',
      title: 'Sidebar id',
      type: 'string',
      description: 'As in the Docusaurus sidebars file (sidebar, serverSidebar, …).',
      validation: (rule) => rule.required(),
    }),
    defineField({name: 'items', type: 'sidebarItems'}),
  ],
  preview: {select: {title: 'sidebarId', subtitle: 'version'}},
})
