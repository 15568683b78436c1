/**
 * Sidebar items, a union discriminated by _type: categories (nesting), doc links (references to
 * docs of the same version, in the default locale), external links and html.
 */
import {defineArrayMember, defineField, defineType} from '@sanity/types'

const docReference = defineField({
  name: 'doc',
  type: 'reference',
  to: [{type: 'doc'}],
  options: {filter: 'language == "en"'},
  validation: (rule) => rule.required(),
})

export const sidebarDoc = defineType({
  name: 'sidebarDoc',
  title: 'Doc',
  type: 'object',
  fields: [docReference, defineField({name: 'label', type: 'localeString', description: 'Optional; the doc’s sidebar label is used otherwise.'})],
  preview: {select: {title: 'doc.title', subtitle: 'doc.slug'}},
})

export const sidebarLink = defineType({
  name: 'sidebarLink',
  title: 'Link',
  type: 'object',
  fields: [
    defineField({name: 'label', type: 'localeString', validation: (rule) => rule.required()}),
    defineField({name: 'href', type: 'string', validation: (rule) => rule.required()}),
  ],
  preview: {select: {title: 'label.en', subtitle: 'href'}},
})

export const sidebarHtml = defineType({
  name: 'sidebarHtml',
  title: 'Text',
  type: 'object',
  fields: [defineField({name: 'value', type: 'localeString'})],
  preview: {select: {title: 'value.en'}},
})

export const sidebarCategory = defineType({
  name: 'sidebarCategory',
  title: 'Category',
  type: 'object',
  fields: [
    defineField({name: 'label', type: 'localeString', validation: (rule) => rule.required()}),
    defineField({name: 'collapsed', title: 'Collapsed at first', type: 'boolean', initialValue: false}),
    defineField({
      name: 'linkDoc',
      title: 'Category page',
      type: 'reference',
      to: [{type: 'doc'}],
      options: {filter: 'language == "en"'},
      description: 'Optional: a doc that the category label links to.',
    }),
    // Categories nest; the site shows up to four levels.
    defineField({name: 'items', type: 'sidebarItems'}),
  ],
  preview: {select: {title: 'label.en'}, prepare: ({title}) => ({title, subtitle: 'Category'})},
})

export const sidebarItems = defineType({
  name: 'sidebarItems',
  type: 'array',
  of: [
    defineArrayMember({type: 'sidebarDoc'}),
    defineArrayMember({type: 'sidebarLink'}),
    defineArrayMember({type: 'sidebarHtml'}),
    defineArrayMember({type: 'sidebarCategory'}),
  ],
})
