/**
 * Sidebar items, a union discriminated by _type: categories (nesting), doc links (references to
 * docs of the same version, in the default locale), external links and html.
 */
import {defineArrayMember, defineField, defineType} from '@sanity/types'
import {publishedLinkResolves, publishedReferenceResolves} from '../validation/published-links'

/** Sidebars reference the docs of the default locale; translations are found from them. */
const DEFAULT_LOCALE_FILTER = 'language == *[_id == "siteSettings"][0].defaultLocale'

const docReference = defineField({
  name: 'doc',
  type: 'reference',
  to: [{type: 'doc'}],
  options: {filter: DEFAULT_LOCALE_FILTER},
  // The doc is published (or in the same Content Release): a sidebar entry readers can follow.
  validation: (rule) => [rule.required(), rule.custom(publishedReferenceResolves).warning()],
})

const className = defineField({name: 'className', title: 'CSS class', type: 'string', description: 'Kept from the imported site.'})

export const sidebarDoc = defineType({
  name: 'sidebarDoc',
  title: 'Doc',
  type: 'object',
  fields: [docReference, defineField({name: 'label', type: 'localeString', description: 'Optional; the doc’s sidebar label is used otherwise.'}), className],
  preview: {select: {title: 'doc.title', subtitle: 'doc.slug'}},
})

export const sidebarLink = defineType({
  name: 'sidebarLink',
  title: 'Link',
  type: 'object',
  fields: [
    defineField({name: 'label', type: 'localeString', validation: (rule) => rule.required()}),
    defineField({name: 'href', type: 'string', validation: (rule) => [rule.required(), rule.custom(publishedLinkResolves).warning()]}),
    className,
  ],
  preview: {select: {title: 'label.0.value', subtitle: 'href'}},
})

export const sidebarHtml = defineType({
  name: 'sidebarHtml',
  title: 'Text',
  type: 'object',
  fields: [defineField({name: 'value', type: 'localeString', description: 'Text or HTML; the site keeps only safe tags.'}), className],
  preview: {select: {title: 'value.0.value'}},
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
      options: {filter: DEFAULT_LOCALE_FILTER},
      description: 'Optional: a doc that the category label links to.',
    }),
    defineField({
      name: 'generatedIndex',
      title: 'Generated index page',
      type: 'generatedIndex',
      description: 'Optional, instead of a category page: a page listing the category’s items as cards.',
    }),
    className,
    // Categories nest; the site shows up to six levels.
    defineField({name: 'items', type: 'sidebarItems'}),
  ],
  preview: {select: {title: 'label.0.value'}, prepare: ({title}: {title?: string}) => ({title, subtitle: 'Category'})},
})

export const generatedIndex = defineType({
  name: 'generatedIndex',
  title: 'Generated index',
  type: 'object',
  fields: [
    defineField({
      name: 'slug',
      type: 'string',
      description: 'Its address inside the docs version, such as category/guides.',
      validation: (rule) => rule.required(),
    }),
    defineField({name: 'title', type: 'localeString', description: 'Optional; the category label is used otherwise.'}),
    defineField({name: 'description', type: 'localeText', description: 'Shown above the cards.'}),
  ],
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
