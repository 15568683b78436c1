import {defineArrayMember, defineField, defineType} from '@sanity/types'
import {uniqueInScope} from '../validation/rules'
import {languageField} from '../objects/translation'

export const blogPost = defineType({
  name: 'blogPost',
  title: 'Blog post',
  type: 'document',
  fields: [
    defineField({name: 'title', type: 'string', validation: (rule) => rule.required()}),
    defineField({
      name: 'slug',
      type: 'string',
      description: 'The post’s address: /blog/{slug}/.',
      validation: (rule) =>
        rule
          .required()
          .regex(/^(?!\/)(?!.*\/\/)(?!(page|archive|tags|authors)(\/|$))[^\s?#]+(?<!\/)$/, {name: 'slug'})
          .custom(uniqueInScope('slug', ['language'])),
    }),
    languageField,
    defineField({
      name: 'date',
      type: 'date',
      validation: (rule) => rule.required().min('2010-01-01').max('2100-01-01').error('A date between 2010 and 2100 is required'),
    }),
    defineField({
      name: 'authors',
      type: 'array',
      of: [defineArrayMember({type: 'reference', to: [{type: 'author'}]})],
      description: 'Shown under the title; a post may have none (no byline).',
    }),
    defineField({name: 'tags', type: 'array', of: [defineArrayMember({type: 'string'})], options: {layout: 'tags'}}),
    defineField({name: 'description', type: 'text', rows: 2, validation: (rule) => rule.max(300)}),
    defineField({
      name: 'unlisted',
      title: 'Unlisted',
      type: 'boolean',
      description:
        'Built and reachable by its address, with an "Unlisted page" notice, but left out of the blog list, tags, authors, archive, feeds, search, the sitemap and search engines (noindex).',
      initialValue: false,
    }),
    defineField({
      name: 'body',
      type: 'richText',
      description: 'Insert a “Read more break” where the preview on the blog list should end.',
    }),
    defineField({name: 'sourcePath', title: 'Source file', type: 'string', readOnly: true}),
    defineField({name: 'translation', type: 'translationOrigin'}),
  ],
  orderings: [{title: 'Date, newest first', name: 'dateDesc', by: [{field: 'date', direction: 'desc'}]}],
  preview: {
    select: {title: 'title', date: 'date', language: 'language'},
    prepare: ({title, date, language}: {title?: string; date?: string; language?: string}) => ({title, subtitle: `${date} · ${language}`}),
  },
})
