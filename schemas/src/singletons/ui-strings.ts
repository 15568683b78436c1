/** Interface messages, one document per locale (id "uiStrings-{locale}"). */
import {defineArrayMember, defineField, defineType} from '@sanity/types'
import {languageField} from '../objects/translation'
import {UI_MESSAGE_KEYS, UI_MESSAGES} from '../ui-messages'

export const uiStrings = defineType({
  name: 'uiStrings',
  title: 'Interface strings',
  type: 'document',
  fields: [
    languageField,
    defineField({
      name: 'messages',
      type: 'array',
      of: [
        defineArrayMember({
          name: 'uiMessage',
          type: 'object',
          fields: [
            defineField({
              name: 'key',
              type: 'string',
              options: {list: [...UI_MESSAGE_KEYS]},
              validation: (rule) => rule.required(),
            }),
            defineField({
              name: 'value',
              type: 'string',
              description: 'Keep the {placeholders}. Plural forms are separated by |.',
              validation: (rule) => rule.required(),
            }),
          ],
          preview: {
            select: {key: 'key', value: 'value'},
            prepare: ({key, value}) => ({
              title: value,
              subtitle: `${key} — ${UI_MESSAGES[key as keyof typeof UI_MESSAGES]?.description ?? 'unknown key'}`,
            }),
          },
        }),
      ],
      validation: (rule) =>
        rule.custom((messages) => {
          const keys = (messages ?? []).map((m) => (m as {key?: string}).key)
          const duplicate = keys.find((key, i) => keys.indexOf(key) !== i)
          return duplicate ? `The key ${duplicate} appears twice` : true
        }),
    }),
  ],
  preview: {select: {title: 'language'}, prepare: ({title}) => ({title: `Interface strings (${title})`})},
})
