import {defineField, defineType} from '@sanity/types'

export const author = defineType({
  name: 'author',
  title: 'Author',
  type: 'document',
  fields: [
    defineField({
      name: 'key',
      type: 'string',
      description: 'The author’s key in blog front matter (authors.yml).',
      validation: (rule) => rule.required(),
    }),
    defineField({name: 'name', type: 'string', validation: (rule) => rule.required()}),
    defineField({name: 'title', type: 'string', description: 'Role, e.g. Socket.IO maintainer.'}),
    defineField({name: 'url', type: 'url'}),
    defineField({name: 'image', type: 'image'}),
    defineField({name: 'imageUrl', title: 'Image address', type: 'url', description: 'An image of another site (a profile picture), instead of an uploaded one.'}),
  ],
  preview: {select: {title: 'name', subtitle: 'title', media: 'image'}},
})
