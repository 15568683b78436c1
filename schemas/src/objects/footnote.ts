/**
 * A footnote: a reference inside a line of text that holds its note. The site numbers the
 * references of a page in the order they first appear, shows each as a superscript link to its
 * note, and lists the notes at the end of the page, each with a link back (as GFM footnotes show).
 */
import {defineArrayMember, defineField, defineType} from '@sanity/types'
import {textMarks} from './portable-text'
import {LIST_PARAGRAPH_STYLE} from './list-level'

export const footnote = defineType({
  name: 'footnote',
  title: 'Footnote',
  type: 'object',
  description: 'A numbered note: the number stands here, the note at the end of the page.',
  fields: [
    defineField({
      name: 'label',
      type: 'string',
      description:
        'A short name of the note, kept in its address (#user-content-fn-name). Give two footnotes the same name to refer to one note twice: the note written with the first is the one shown.',
      validation: (rule) => rule.regex(/^[^\s#]+$/, {name: 'name without spaces'}),
    }),
    defineField({
      name: 'note',
      type: 'array',
      description: 'The text of the note. Leave it empty on a second footnote with the same name as an earlier one.',
      of: [
        defineArrayMember({
          type: 'block',
          styles: [{title: 'Normal', value: 'normal'}, LIST_PARAGRAPH_STYLE],
          lists: [
            {title: 'Bullet', value: 'bullet'},
            {title: 'Numbered', value: 'number'},
          ],
          marks: textMarks,
          of: [defineArrayMember({type: 'inlineImage'}), defineArrayMember({type: 'mathInline'})],
        }),
      ],
    }),
  ],
  validation: (rule) =>
    rule.custom((value: {label?: string; note?: unknown[]} | undefined) =>
      value && !value.label && (value.note ?? []).length === 0 ? 'A footnote needs a note, or the name of an earlier footnote' : true,
    ),
  preview: {
    select: {label: 'label', note: 'note'},
    prepare: ({label, note}: {label?: string; note?: Array<{children?: Array<{text?: string}>}>}) => ({
      title: (note ?? []).flatMap((block) => (block.children ?? []).map((child) => child.text ?? '')).join(' ') || (label ? `[^${label}]` : 'Footnote'),
      subtitle: 'Footnote',
    }),
  },
})
