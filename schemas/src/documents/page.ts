import {defineField, defineType} from '@sanity/types'
import {uniqueInScope} from '../validation/rules'
import {languageField} from '../objects/translation'

export const PAGE_SECTIONS = ['get-started', 'how-to', 'demos', 'other'] as const

export const page = defineType({
  name: 'page',
  title: 'Page',
  type: 'document',
  fields: [
    defineField({name: 'title', type: 'string', validation: (rule) => rule.required()}),
    defineField({name: 'heading', type: 'string', description: 'Optional: the heading shown at the top of the page, when it differs from the title.'}),
    defineField({
      name: 'hideTitle',
      title: 'Hide the title heading',
      type: 'boolean',
      description: 'The page starts with its text: no heading above it (the title stays in the browser tab and search).',
      initialValue: false,
    }),
    defineField({
      name: 'path',
      type: 'string',
      description: 'The page’s address without locale or slashes around it: how-to/use-with-react, get-started.',
      validation: (rule) =>
        rule
          .required()
          .regex(/^(?!\/)(?!.*\/\/)[^\s?#]+(?<!\/)$/, {name: 'path'})
          .custom(uniqueInScope('path', ['language'])),
    }),
    languageField,
    defineField({name: 'section', type: 'string', options: {list: [...PAGE_SECTIONS]}, initialValue: 'other'}),
    defineField({name: 'position', type: 'number', description: 'Order inside its section.'}),
    defineField({name: 'description', type: 'text', rows: 2, validation: (rule) => rule.max(300)}),
    defineField({
      name: 'unlisted',
      title: 'Unlisted',
      type: 'boolean',
      description:
        'Built and reachable by its address, with an "Unlisted page" notice, but left out of lists, search, the sitemap and search engines (noindex).',
      initialValue: false,
    }),
    defineField({name: 'body', type: 'richText'}),
    defineField({name: 'lastUpdatedAt', title: 'Last updated', type: 'datetime'}),
    defineField({name: 'sourcePath', title: 'Source file', type: 'string', readOnly: true}),
    defineField({name: 'translation', type: 'translationOrigin'}),
  ],
  preview: {
    select: {title: 'title', path: 'path', language: 'language'},
    prepare: ({title, path, language}: {title?: string; path?: string; language?: string}) => ({title, subtitle: `/${path} · ${language}`}),
  },
})
