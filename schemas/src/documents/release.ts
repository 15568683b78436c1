import {defineField, defineType} from '@sanity/types'
import {uniqueInScope} from '../validation/rules'
import {languageField} from '../objects/translation'

export const SEMVER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/

export const release = defineType({
  name: 'release',
  title: 'Release',
  type: 'document',
  fields: [
    defineField({
      name: 'version',
      type: 'string',
      description: 'The released version, e.g. 4.7.5. Its page is /docs/v4/changelog/{version}.',
      validation: (rule) => [
        rule.required().regex(SEMVER, {name: 'semver'}).error('Use a semantic version such as 4.7.5'),
        rule.custom(uniqueInScope('version', ['language'])),
      ],
    }),
    languageField,
    defineField({name: 'date', type: 'date', validation: (rule) => rule.required()}),
    defineField({name: 'title', type: 'string', description: 'Optional; the version is used otherwise.'}),
    defineField({name: 'summary', type: 'text', rows: 2}),
    defineField({
      name: 'body',
      type: 'richText',
      description: 'Sections with h2 headings: Server, Client, Bug Fixes, Dependencies…',
    }),
    defineField({name: 'diffUrl', title: 'Diff link', type: 'url'}),
    defineField({name: 'sourcePath', title: 'Source file', type: 'string', readOnly: true}),
    defineField({name: 'translation', type: 'translationOrigin'}),
  ],
  orderings: [{title: 'Date, newest first', name: 'dateDesc', by: [{field: 'date', direction: 'desc'}]}],
  preview: {
    select: {title: 'version', date: 'date', language: 'language'},
    prepare: ({title, date, language}: {title?: string; date?: string; language?: string}) => ({title, subtitle: `${date} · ${language}`}),
  },
})
