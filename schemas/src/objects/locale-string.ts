// Field-level translation for short labels: one field per locale, English required.
import {defineField, defineType} from '@sanity/types'
import {DEFAULT_LOCALE, LOCALES, localeField} from '../model'

const LOCALE_TITLES: Record<string, string> = {
  en: 'English',
  fr: 'Français',
  'pt-br': 'Português (Brasil)',
  'zh-CN': '简体中文',
}

function localeFields(kind: 'string' | 'text') {
  return LOCALES.map((locale) =>
    defineField({
      name: localeField(locale),
      title: LOCALE_TITLES[locale],
      type: kind,
      ...(kind === 'text' ? {rows: 2} : {}),
      validation: (rule) =>
        locale === DEFAULT_LOCALE ? rule.required().error('The English label is required') : rule,
    }),
  )
}

export const localeString = defineType({
  name: 'localeString',
  title: 'Translated label',
  type: 'object',
  options: {collapsible: true, collapsed: false},
  fields: localeFields('string'),
})

export const localeText = defineType({
  name: 'localeText',
  title: 'Translated text',
  type: 'object',
  options: {collapsible: true, collapsed: false},
  fields: localeFields('text'),
})
