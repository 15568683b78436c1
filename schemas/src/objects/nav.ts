/**
 * Navigation structures of the site settings: navbar items (a union discriminated by _type, one
 * type per kind of Docusaurus navbar item) and footer link groups. Labels are translated per field.
 */
import {defineArrayMember, defineField, defineType} from '@sanity/types'
import {publishedDocSlugResolves, publishedLinkResolves} from '../validation/published-links'

const label = defineField({name: 'label', type: 'localeString', validation: (rule) => rule.required()})
const optionalLabel = defineField({
  name: 'label',
  type: 'localeString',
  description: 'Optional: without a label, the link shows an icon named by its accessible name.',
})
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
  // A site path must lead to a page readers have (published, or in the same Content Release).
  validation: (rule) => [rule.required(), rule.custom(publishedLinkResolves).warning()],
})
const className = defineField({
  name: 'className',
  title: 'CSS class',
  type: 'string',
  description: 'Kept from the imported site; icon links such as a code host’s get their icon from it.',
})
const ariaLabel = defineField({
  name: 'ariaLabel',
  title: 'Accessible name',
  type: 'localeString',
  description: 'Read by screen readers; required when the link has no label.',
})
const activeBasePath = defineField({
  name: 'activeBasePath',
  title: 'Active under',
  type: 'string',
  description: 'Optional: the link is shown as current on every page under this site path.',
})
const firstLabel = (path: string) => ({select: {title: `${path}.0.value`}})

export const navLink = defineType({
  name: 'navLink',
  title: 'Link',
  type: 'object',
  fields: [optionalLabel, href, ariaLabel, className, activeBasePath, position],
  validation: (rule) =>
    rule.custom((value: {label?: unknown[]; ariaLabel?: unknown[]} | undefined) =>
      value && !value.label?.length && !value.ariaLabel?.length ? 'A link needs a label or an accessible name' : true,
    ),
  preview: {
    select: {title: 'label.0.value', aria: 'ariaLabel.0.value', subtitle: 'href'},
    prepare: ({title, aria, subtitle}: {title?: string; aria?: string; subtitle?: string}) => ({title: title || aria || subtitle, subtitle}),
  },
})

export const navDocLink = defineType({
  name: 'navDocLink',
  title: 'Doc link',
  type: 'object',
  description: 'Links to a doc of the version the reader is browsing (the latest by default).',
  fields: [
    label,
    defineField({name: 'docSlug', title: 'Doc slug', type: 'string', validation: (rule) => [rule.required(), rule.custom(publishedDocSlugResolves).warning()]}),
    defineField({
      name: 'sidebarId',
      title: 'Sidebar',
      type: 'string',
      description: 'Optional: the link is current on every doc of this sidebar (a Docusaurus docSidebar item).',
    }),
    className,
    position,
  ],
  preview: {select: {title: 'label.0.value', subtitle: 'docSlug'}},
})

export const navDocsVersionLink = defineType({
  name: 'navDocsVersionLink',
  title: 'Docs version link',
  type: 'object',
  description: 'Links to the home of the docs version the reader is browsing; its label is the version’s when empty.',
  fields: [defineField({name: 'label', type: 'localeString'}), className, position],
  preview: {...firstLabel('label'), prepare: ({title}: {title?: string}) => ({title: title || 'Docs version', subtitle: 'Docs version link'})},
})

export const navHtml = defineType({
  name: 'navHtml',
  title: 'HTML',
  type: 'object',
  description: 'A heading or a separator inside a dropdown, or any small piece of HTML; the site keeps only safe tags.',
  fields: [defineField({name: 'value', type: 'localeString', validation: (rule) => rule.required()}), className, position],
  preview: {select: {title: 'value.0.value'}},
})

export const navSearch = defineType({
  name: 'navSearch',
  title: 'Search box',
  type: 'object',
  description: 'Where the search button sits; without this item it sits at the right end.',
  fields: [position],
  preview: {prepare: () => ({title: 'Search'})},
})

const dropdownLeaves = [
  defineArrayMember({type: 'navLink'}),
  defineArrayMember({type: 'navDocLink'}),
  defineArrayMember({type: 'navDocsVersionLink'}),
  defineArrayMember({type: 'navHtml'}),
]

export const navDropdown = defineType({
  name: 'navDropdown',
  title: 'Dropdown',
  type: 'object',
  fields: [label, position, className, defineField({name: 'items', type: 'array', of: dropdownLeaves})],
  preview: {...firstLabel('label'), prepare: ({title}: {title?: string}) => ({title, subtitle: 'Dropdown'})},
})

export const navVersionDropdown = defineType({
  name: 'navVersionDropdown',
  title: 'Version dropdown',
  type: 'object',
  fields: [
    position,
    defineField({name: 'itemsBefore', title: 'Items before the versions', type: 'array', of: dropdownLeaves}),
    defineField({name: 'extraItems', title: 'Items after the versions', type: 'array', of: dropdownLeaves}),
  ],
  preview: {prepare: () => ({title: 'Docs versions'})},
})

export const navLocaleDropdown = defineType({
  name: 'navLocaleDropdown',
  title: 'Language dropdown',
  type: 'object',
  fields: [
    position,
    defineField({name: 'itemsBefore', title: 'Items before the languages', type: 'array', of: dropdownLeaves}),
    defineField({name: 'itemsAfter', title: 'Items after the languages', type: 'array', of: dropdownLeaves}),
  ],
  preview: {prepare: () => ({title: 'Languages'})},
})

export const navbarItems = defineType({
  name: 'navbarItems',
  type: 'array',
  of: [
    defineArrayMember({type: 'navDropdown'}),
    defineArrayMember({type: 'navDocLink'}),
    defineArrayMember({type: 'navDocsVersionLink'}),
    defineArrayMember({type: 'navLink'}),
    defineArrayMember({type: 'navHtml'}),
    defineArrayMember({type: 'navVersionDropdown'}),
    defineArrayMember({type: 'navLocaleDropdown'}),
    defineArrayMember({type: 'navSearch'}),
  ],
})

export const footerLinkGroup = defineType({
  name: 'footerLinkGroup',
  title: 'Footer link group',
  type: 'object',
  fields: [
    defineField({name: 'title', type: 'localeString', description: 'Optional for a footer of one untitled group.'}),
    defineField({name: 'items', type: 'array', of: [defineArrayMember({type: 'navLink'}), defineArrayMember({type: 'navHtml'})]}),
  ],
  preview: {...firstLabel('title'), prepare: ({title}: {title?: string}) => ({title: title || 'Links'})},
})
