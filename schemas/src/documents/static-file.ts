/**
 * A file served from the site root, as Docusaurus serves its static/ folder: favicons, downloads,
 * videos and images that pages point at by address (/img/logo.svg). One document per file.
 */
import {defineField, defineType} from '@sanity/types'

/** Site paths of static files: no leading slash, no `..`, no query. */
export const STATIC_FILE_PATH = /^(?!\/)(?!.*(?:^|\/)\.\.?(?:\/|$))[^?#\s\\]+$/

export const staticFile = defineType({
  name: 'staticFile',
  title: 'Static file',
  type: 'document',
  fields: [
    defineField({
      name: 'path',
      type: 'string',
      description: 'Its address from the site root, without the leading slash: img/logo.svg is served at /img/logo.svg.',
      validation: (rule) => rule.required().regex(STATIC_FILE_PATH, {name: 'path'}),
    }),
    defineField({name: 'file', type: 'file', validation: (rule) => rule.required()}),
  ],
  preview: {select: {title: 'path', subtitle: 'file.asset.originalFilename'}},
})
