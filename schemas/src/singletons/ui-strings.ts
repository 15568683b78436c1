/** Interface messages, one document per locale (id "uiStrings-{locale}"). */
import {defineArrayMember, defineField, defineType} from '@sanity/types'
import {languageField} from '../objects/translation'
import {messagePlaceholders, UI_MESSAGE_KEYS, UI_MESSAGES, unknownPlaceholders, type UiMessageKey} from '../ui-messages'

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
              validation: (rule) => [
                rule.required(),
                // A placeholder the English message does not have would be shown to readers as written.
                rule.custom((value, context) => {
                  const key = (context.parent as {key?: string} | undefined)?.key
                  if (typeof value !== 'string' || !key || !(key in UI_MESSAGES)) return true
                  const unknown = unknownPlaceholders(key as UiMessageKey, value)
                  if (unknown.length === 0) return true
                  const allowed = messagePlaceholders(UI_MESSAGES[key as UiMessageKey].message)
                  return `${unknown.map((name) => `{${name}}`).join(', ')} cannot be filled in: ${allowed.length > 0 ? `this message has ${allowed.map((name) => `{${name}}`).join(', ')}` : 'this message has no placeholders'}`
                }),
              ],
            }),
          ],
          preview: {
            select: {key: 'key', value: 'value'},
            prepare: ({key, value}: {key?: string; value?: string}) => ({
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
