import {defineArrayMember, defineField, defineType} from '@sanity/types'
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
    defineField({
      name: 'title',
      type: 'string',
      group: 'content',
      description: 'The page’s title: in the browser tab, the sidebar and search.',
      validation: (rule) => rule.required(),
    }),
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
    defineField({...languageField, group: 'navigation'}),
    defineField({
      name: 'slug',
      type: 'string',
      group: 'navigation',
      description: 'The path inside the version: "rooms" is /docs/v4/rooms/. "index" is the version’s home.',
      validation: (rule) =>
        rule
          .required()
          .regex(/^(?!\/)(?!.*\/\/)[^\s?#]+(?<!\/)$/, {name: 'slug'})
          .custom(uniqueInScope('slug', ['version', 'language'])),
    }),
    defineField({name: 'sidebarLabel', title: 'Sidebar label', type: 'string', group: 'navigation'}),
    defineField({
      name: 'paginationLabel',
      title: 'Label in previous/next links',
      type: 'string',
      group: 'navigation',
      description: 'How the “Previous” and “Next” links of the neighbouring docs name this doc. Empty: its sidebar label, else its title.',
    }),
    defineField({
      name: 'tags',
      type: 'array',
      of: [defineArrayMember({type: 'string'})],
      group: 'navigation',
      options: {layout: 'tags'},
      description:
        'Shown under the doc, each linking to the page of the docs with that tag (/docs/{version}/tags/{tag}). A tag’s address and description can be set in the site settings (Docs tags).',
    }),
    defineField({
      name: 'displayedSidebar',
      title: 'Sidebar shown',
      type: 'string',
      group: 'navigation',
      description:
        'The id of the sidebar to show beside this doc, as the Sidebars list names it (sidebar, clientSidebar…), also for a doc that no sidebar lists. Empty: the sidebar that lists it.',
      hidden: ({parent}) => (parent as {hideSidebar?: boolean} | undefined)?.hideSidebar === true,
      validation: (rule) => rule.regex(/^\S+$/, {name: 'sidebar id'}),
    }),
    defineField({
      name: 'hideSidebar',
      title: 'No sidebar',
      type: 'boolean',
      group: 'navigation',
      description: 'The page shows no sidebar, and previous/next links only where this doc sets its own.',
      initialValue: false,
    }),
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
      name: 'hideTableOfContents',
      title: 'Hide the table of contents',
      type: 'boolean',
      group: 'navigation',
      description: 'No “On this page” list beside the text.',
      initialValue: false,
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
    defineField({
      name: 'editPath',
      title: 'File the “Edit this page” link opens',
      type: 'string',
      group: 'meta',
      description:
        'Added to the site settings’ “Edit this page” base. Empty: the source file above. The importer sets it where the docs’ settings send readers to another file (the source of a translation, or the current version’s file).',
      validation: (rule) => rule.regex(/^[^\s?#]+$/, {name: 'file path'}),
    }),
    defineField({
      name: 'customEditUrl',
      title: '“Edit this page” address',
      type: 'url',
      group: 'meta',
      description: 'Where the “Edit this page” link leads, instead of the site settings’ base and the file.',
      hidden: ({parent}) => (parent as {hideEditLink?: boolean} | undefined)?.hideEditLink === true,
      validation: (rule) => rule.uri({scheme: ['http', 'https'], allowRelative: true}),
    }),
    defineField({
      name: 'hideEditLink',
      title: 'No “Edit this page” link',
      type: 'boolean',
      group: 'meta',
      initialValue: false,
    }),
    defineField({
      name: 'sidebarCustomProps',
      title: 'Sidebar item data (JSON)',
      type: 'text',
      rows: 3,
      group: 'meta',
      description:
        'Extra data for this doc’s sidebar item, as a JSON object (Docusaurus’s sidebar_custom_props). Kept for themes that read it; the site itself shows nothing of it.',
      validation: (rule) =>
        rule.custom((value) => {
          if (value === undefined || value === null || value === '') return true
          try {
            const parsed: unknown = JSON.parse(String(value))
            return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? true : 'Write a JSON object: {"name": value, …}'
          } catch (error) {
            return `Not valid JSON: ${error instanceof Error ? error.message : String(error)}`
          }
        }),
    }),
    defineField({name: 'translation', type: 'translationOrigin', group: 'meta'}),
  ],
  orderings: [{title: 'Sidebar position', name: 'sidebarPosition', by: [{field: 'sidebarPosition', direction: 'asc'}]}],
  preview: {
    select: {title: 'title', version: 'version', language: 'language', slug: 'slug'},
    prepare: ({title, version, language, slug}: {title?: string; version?: string; language?: string; slug?: string}) => ({
      title,
      subtitle: `${version} · ${language} · ${slug}`,
    }),
  },
})
