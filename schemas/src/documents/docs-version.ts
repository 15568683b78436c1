import {defineField, defineType} from '@sanity/types'

export const docsVersion = defineType({
  name: 'docsVersion',
  title: 'Docs version',
  type: 'document',
  fields: [
    defineField({
      name: 'path',
      type: 'string',
      description: 'The version’s segment in URLs: v4 is /docs/v4/.',
      validation: (rule) => rule.required().regex(/^v\d+$/, {name: 'version path'}),
    }),
    defineField({name: 'label', type: 'string', description: 'Shown in the version dropdown, e.g. 4.x.', validation: (rule) => rule.required()}),
    defineField({
      name: 'name',
      type: 'string',
      description: 'The Docusaurus version name (current, 3.x, 2.x), kept for migrations.',
      validation: (rule) => rule.required(),
    }),
    defineField({name: 'isLast', title: 'Latest version', type: 'boolean', initialValue: false}),
    defineField({name: 'order', type: 'number', description: 'Newest first: 1 for the latest.', validation: (rule) => rule.required()}),
    defineField({
      name: 'mainDoc',
      title: 'Home doc slug',
      type: 'string',
      description: 'The doc shown at the version’s home, /docs/{path}/.',
      initialValue: 'index',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'banner',
      type: 'string',
      options: {list: ['none', 'unmaintained']},
      initialValue: 'none',
      description: 'Unmaintained versions show a banner linking to the latest version of the page.',
    }),
  ],
  preview: {
    select: {title: 'label', path: 'path', isLast: 'isLast'},
    prepare: ({title, path, isLast}) => ({title, subtitle: `/docs/${path}/${isLast ? ' · latest' : ''}`}),
  },
})
