/**
 * A doc's own previous or next link (Docusaurus's pagination_prev / pagination_next front matter):
 * another doc of the same version, or none. A doc without one follows its sidebar's order.
 */
import {defineField, defineType} from '@sanity/types'
import {publishedReferenceResolves} from '../validation/published-links'

export const DOC_PAGINATION_MODES = ['doc', 'none'] as const

export const docPaginationLink = defineType({
  name: 'docPaginationLink',
  title: 'Pagination link',
  type: 'object',
  fields: [
    defineField({
      name: 'mode',
      title: 'Link to',
      type: 'string',
      options: {
        list: [
          {title: 'Another doc', value: 'doc'},
          {title: 'Nothing (hide the link)', value: 'none'},
        ],
        layout: 'radio',
      },
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'doc',
      type: 'reference',
      // Weak: deleting the doc it names leaves this doc publishable; the site then follows the sidebar again.
      weak: true,
      to: [{type: 'doc'}],
      description: 'A doc of the same version.',
      hidden: ({parent}) => (parent as {mode?: string} | undefined)?.mode !== 'doc',
      options: {
        filter: ({document}) => ({
          filter: '_type == "doc" && version == $version && language == $language && !(_id in [$id, "drafts." + $id])',
          params: {version: document.version ?? '', language: document.language ?? '', id: String(document._id ?? '').replace(/^drafts\./, '')},
        }),
      },
      validation: (rule) => [
        rule.custom((value, context) =>
          (context.parent as {mode?: string} | undefined)?.mode === 'doc' && !value ? 'Choose the doc to link to, or "Nothing"' : true,
        ),
        // The doc it names is published (or in the same Content Release): readers can follow it.
        rule.custom(publishedReferenceResolves).warning(),
      ],
    }),
  ],
  preview: {
    select: {mode: 'mode', title: 'doc.title'},
    prepare: ({mode, title}: {mode?: string; title?: string}) => ({title: mode === 'none' ? 'No link' : (title ?? 'A doc')}),
  },
})
