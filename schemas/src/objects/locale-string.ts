/**
 * Field-level translation for short labels: an array with one `{language, value}` item per locale
 * (the shape sanity-plugin-internationalized-array v5 stores), so that any locale of the site
 * settings can be added without changing the schema. The default locale's value is required.
 */
import {defineArrayMember, defineField, defineType, type CustomValidator} from '@sanity/types'
import {isLocaleCode, type LocalizedValue} from '../model'

/** Each language at most once, each with a code the content model accepts. */
const languagesValid: CustomValidator<LocalizedValue[] | undefined> = (values) => {
  if (!values) return true
  const seen = new Set<string>()
  for (const entry of values) {
    const language = entry.language ?? ''
    if (!isLocaleCode(language)) return `${JSON.stringify(language)} is not a locale code such as en, fr or pt-br`
    if (seen.has(language)) return `${language} is given twice`
    seen.add(language)
  }
  return true
}

function localizedValue(name: string, kind: 'string' | 'text') {
  return defineType({
    name,
    title: 'Translation',
    type: 'object',
    fields: [
      defineField({name: 'language', type: 'string', validation: (rule) => rule.required()}),
      defineField({name: 'value', type: kind, ...(kind === 'text' ? {rows: 2} : {})}),
    ],
    preview: {select: {title: 'value', subtitle: 'language'}},
  })
}

export const localeStringValue = localizedValue('localeStringValue', 'string')
export const localeTextValue = localizedValue('localeTextValue', 'text')

export const localeString = defineType({
  name: 'localeString',
  title: 'Translated label',
  type: 'array',
  of: [defineArrayMember({type: 'localeStringValue'})],
  validation: (rule) => rule.custom(languagesValid),
})

export const localeText = defineType({
  name: 'localeText',
  title: 'Translated text',
  type: 'array',
  of: [defineArrayMember({type: 'localeTextValue'})],
  validation: (rule) => rule.custom(languagesValid),
})
