// Where a translated document came from: its source document and the source's revision at the time.
import {defineField, defineType} from '@sanity/types'
import {LOCALE_CODE} from '../model'

export const languageField = defineField({
  name: 'language',
  type: 'string',
  description: 'A locale of the site settings (en, fr, pt-br…).',
  readOnly: ({value}) => Boolean(value),
  validation: (rule) => rule.required().regex(LOCALE_CODE, {name: 'locale code'}),
})

export const translationOrigin = defineType({
  name: 'translationOrigin',
  title: 'Translated from',
  type: 'object',
  description: 'Filled in when a translation is made or updated; the site shows a notice when the source has changed since.',
  fields: [
    defineField({
      name: 'source',
      title: 'Source document',
      type: 'reference',
      weak: true,
      to: [{type: 'doc'}, {type: 'blogPost'}, {type: 'release'}, {type: 'page'}, {type: 'homePage'}],
    }),
    defineField({
      name: 'sourceRevision',
      title: 'Source revision',
      type: 'string',
      description: 'The revision of the source this translation matches.',
    }),
    defineField({name: 'translatedAt', title: 'Translated at', type: 'datetime'}),
  ],
})
