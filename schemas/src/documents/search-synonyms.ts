/**
 * Search synonyms, one document per locale (id "searchSynonyms-{locale}"): words readers type that
 * should also find other words (salle → room). The index job sends them to Typesense as a synonym set,
 * the build puts them in the local index; both apply them the same way (schemas/src/search/synonyms.ts).
 */
import {defineArrayMember, defineField, defineType} from '@sanity/types'
import {languageField} from '../objects/translation'

export const searchSynonyms = defineType({
  name: 'searchSynonyms',
  title: 'Search synonyms',
  type: 'document',
  fields: [
    languageField,
    defineField({
      name: 'entries',
      title: 'Synonyms',
      type: 'array',
      description: 'Each entry is two-way (every term finds the others) or, with a root, one-way (a search for the root also finds the terms).',
      of: [
        defineArrayMember({
          name: 'synonymEntry',
          type: 'object',
          fields: [
            defineField({
              name: 'root',
              title: 'Root (one-way)',
              type: 'string',
              description: 'Leave empty for a two-way entry. Set it (e.g. "salle") for a search of it to also find the terms (e.g. "room"), not the reverse.',
            }),
            defineField({
              name: 'synonyms',
              title: 'Terms',
              type: 'array',
              of: [defineArrayMember({type: 'string'})],
              options: {layout: 'tags'},
              validation: (rule) =>
                rule.custom((terms, context) => {
                  const list = ((terms ?? []) as Array<string | null>).map((term) => (term ?? '').trim())
                  if (list.some((term) => term === '')) return 'A term is empty'
                  const root = ((context.parent as {root?: string} | undefined)?.root ?? '').trim()
                  if (list.length === 0) return 'Add at least one term'
                  if (!root && list.length < 2) return 'A two-way entry needs at least two terms (or set a root)'
                  return true
                }),
            }),
          ],
          preview: {
            select: {root: 'root', synonyms: 'synonyms'},
            prepare: ({root, synonyms}) => {
              const terms = ((synonyms ?? []) as string[]).join(', ')
              return {title: root ? `${root} → ${terms}` : terms, subtitle: root ? 'one-way' : 'two-way'}
            },
          },
        }),
      ],
    }),
  ],
  preview: {select: {title: 'language'}, prepare: ({title}) => ({title: `Search synonyms (${title})`})},
})
