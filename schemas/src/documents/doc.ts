import {defineField, defineType} from '@sanity/types'
import {VERSION_ID} from '../model'
import {uniqueInScope} from '../validation/rules'
import {languageField} from '../objects/translation'

export const doc = defineType({
  name: 'doc',
  title: 'Doc',
  type: 'document',
  groups: [
    {name: 'content', title: 'Content', default: true},
    {name: 'navigation', title: 'Navigation'},
    {name: 'meta', title: 'Meta'},
  ],
  fields: [
    defineField({name: 'title', type: 'string', group: 'content', description: 'The page’s title: in the browser tab, the sidebar and search.', validation: (rule) => rule.required()}),
    defineField({
      name: 'heading',
      type: 'string',
      group: 'content',
      description: 'Optional: the heading shown at the top of the page, when it differs from the title.',
    }),
    defineField({
      name: 'hideTitle',
      title: 'Hide the title heading',
      type: 'boolean',
      group: 'content',
      description: 'The page starts with its text: no heading above it (the title stays in the browser tab, the sidebar and search).',
      initialValue: false,
    }),
    defineField({
      name: 'description',
      type: 'text',
      rows: 2,
      group: 'content',
      description: 'One or two sentences for search engines and link previews.',
      validation: (rule) => rule.max(300),
    }),
    defineField({name: 'body', type: 'richText', group: 'content'}),
    defineField({
      name: 'version',
      type: 'string',
      group: 'navigation',
      description: 'The docs version, by its identifier (v4, v3, v2).',
      validation: (rule) => rule.required().regex(VERSION_ID, {name: 'version identifier'}),
    }),
    defineField({ ...languageField, group: 'navigation' }),
    defineField({
      name: 'slug',
      type: 'string',
      group: 'navigation',
      description: 'The path inside the version: "rooms" is /docs/v4/rooms/. "index" is the version’s home.',
      validation: (rule) => rule.required().regex(/^(?!\/)(?!.*\/\/)[^\s?#]+(?<!\/)$/, {name: 'slug'}).custom(uniqueInScope('slug', ['version', 'language'])),
    }),
    defineField({name: 'sidebarLabel', title: 'Sidebar label', type: 'string', group: 'navigation'}),
    defineField({
      name: 'unlisted',
      title: 'Unlisted',
      type: 'boolean',
      group: 'navigation',
      description:
        'Built and reachable by its address, with an "Unlisted page" notice, but left out of sidebars, previous/next links, search, the sitemap and search engines (noindex).',
      initialValue: false,
    }),
    defineField({
      name: 'paginationPrev',
      title: 'Previous link',
      type: 'docPaginationLink',
      group: 'navigation',
      description: 'Empty: the previous doc of the sidebar.',
    }),
    defineField({
      name: 'paginationNext',
      title: 'Next link',
      type: 'docPaginationLink',
      group: 'navigation',
      description: 'Empty: the next doc of the sidebar.',
    }),
    defineField({name: 'sidebarPosition', title: 'Sidebar position', type: 'number', group: 'navigation'}),
    defineField({
      name: 'tocMinLevel',
      title: 'Table of contents from heading level',
      type: 'number',
      group: 'navigation',
      initialValue: 2,
      validation: (rule) => rule.min(2).max(6),
    }),
    defineField({
      name: 'tocMaxLevel',
      title: 'Table of contents to heading level',
      type: 'number',
      group: 'navigation',
      initialValue: 3,
      validation: (rule) => rule.min(2).max(6),
    }),
    defineField({name: 'keywords', type: 'array', of: [{type: 'string'}], group: 'meta', options: {layout: 'tags'}}),
    defineField({name: 'lastUpdatedAt', title: 'Last updated', type: 'datetime', group: 'meta'}),
    defineField({
      name: 'sourcePath',
      title: 'Source file',
      type: 'string',
      group: 'meta',
      readOnly: true,
      description: 'The markdown file this doc was imported from, for the "edit this page" link.',
    }),
    defineField({name: 'translation', type: 'translationOrigin', group: 'meta'}),
  ],
  orderings: [{title: 'Sidebar position', name: 'sidebarPosition', by: [{field: 'sidebarPosition', direction: 'asc'}]}],
  preview: {
    select: {title: 'title', version: 'version', language: 'language', slug: 'slug'},
    prepare: ({title, version, language, slug}) => ({title, subtitle: `${version} · ${language} · ${slug}`}),
  },
})
