/**
 * Navigation structures of the site settings: navbar items (a union discriminated by _type) and
 * footer link groups. Labels are translated per field.
 */
import {defineArrayMember, defineField, defineType} from '@sanity/types'

const label = defineField({name: 'label', type: 'localeString', validation: (rule) => rule.required()})
const position = defineField({
  name: 'position',
  type: 'string',
  options: {list: ['left', 'right'], layout: 'radio', direction: 'horizontal'},
  initialValue: 'left',
})
const href = defineField({
  name: 'href',
  title: 'Address',
  type: 'string',
  description: 'A site path without locale (/blog) or a full https:// address.',
  validation: (rule) => rule.required(),
})

export const navLink = defineType({
  name: 'navLink',
  title: 'Link',
  type: 'object',
  fields: [label, href, position],
  preview: {select: {title: 'label.en', subtitle: 'href'}},
})

export const navDocLink = defineType({
  name: 'navDocLink',
  title: 'Doc link',
  type: 'object',
  description: 'Links to a doc of the version the reader is browsing (the latest by default).',
  fields: [
    label,
    defineField({name: 'docSlug', title: 'Doc slug', type: 'string', validation: (rule) => rule.required()}),
    position,
  ],
  preview: {select: {title: 'label.en', subtitle: 'docSlug'}},
})

export const navHtml = defineType({
  name: 'navHtml',
  title: 'Text or HTML',
  type: 'object',
  fields: [defineField({name: 'value', type: 'localeString', description: 'A heading inside a dropdown, or a separator.'}), position],
  preview: {select: {title: 'value.en'}},
})

export const navDropdown = defineType({
  name: 'navDropdown',
  title: 'Dropdown',
  type: 'object',
  fields: [
    label,
    position,
    defineField({
      name: 'items',
      type: 'array',
      of: [defineArrayMember({type: 'navLink'}), defineArrayMember({type: 'navDocLink'}), defineArrayMember({type: 'navHtml'})],
    }),
  ],
  preview: {select: {title: 'label.en'}, prepare: ({title}) => ({title, subtitle: 'Dropdown'})},
})

export const navVersionDropdown = defineType({
  name: 'navVersionDropdown',
  title: 'Version dropdown',
  type: 'object',
  fields: [
    position,
    defineField({
      name: 'extraItems',
      title: 'Links after the versions',
      type: 'array',
      of: [defineArrayMember({type: 'navLink'})],
    }),
  ],
  preview: {prepare: () => ({title: 'Docs versions'})},
})

export const navLocaleDropdown = defineType({
  name: 'navLocaleDropdown',
  title: 'Language dropdown',
  type: 'object',
  fields: [position],
  preview: {prepare: () => ({title: 'Languages'})},
})

export const navbarItems = defineType({
  name: 'navbarItems',
  type: 'array',
  of: [
    defineArrayMember({type: 'navDropdown'}),
    defineArrayMember({type: 'navDocLink'}),
    defineArrayMember({type: 'navLink'}),
    defineArrayMember({type: 'navHtml'}),
    defineArrayMember({type: 'navVersionDropdown'}),
    defineArrayMember({type: 'navLocaleDropdown'}),
  ],
})

export const footerLinkGroup = defineType({
  name: 'footerLinkGroup',
  title: 'Footer link group',
  type: 'object',
  fields: [
    defineField({name: 'title', type: 'localeString', validation: (rule) => rule.required()}),
    defineField({name: 'items', type: 'array', of: [defineArrayMember({type: 'navLink'})]}),
  ],
  preview: {select: {title: 'title.en'}},
})
