/** The home page, one document per language, made of editable sections. */
import {defineArrayMember, defineField, defineType} from '@sanity/types'
import {languageField} from '../objects/translation'
import {publishedLinkResolves} from '../validation/published-links'

const cta = defineArrayMember({
  name: 'callToAction',
  type: 'object',
  fields: [
    defineField({name: 'label', type: 'string', validation: (rule) => rule.required()}),
    defineField({name: 'href', type: 'string', validation: (rule) => [rule.required(), rule.custom(publishedLinkResolves).warning()]}),
  ],
})

export const homeHero = defineType({
  name: 'homeHero',
  title: 'Hero',
  type: 'object',
  fields: [
    defineField({name: 'title', type: 'string', validation: (rule) => rule.required()}),
    defineField({name: 'tagline', type: 'text', rows: 2}),
    defineField({name: 'actions', type: 'array', of: [cta], validation: (rule) => rule.max(3)}),
  ],
  preview: {select: {title: 'title'}, prepare: ({title}: {title?: string}) => ({title, subtitle: 'Hero'})},
})

export const homeFeatures = defineType({
  name: 'homeFeatures',
  title: 'Features',
  type: 'object',
  fields: [
    defineField({name: 'title', type: 'string'}),
    defineField({
      name: 'items',
      type: 'array',
      of: [
        defineArrayMember({
          name: 'feature',
          type: 'object',
          fields: [
            defineField({name: 'title', type: 'string', validation: (rule) => rule.required()}),
            defineField({name: 'text', type: 'text', rows: 3}),
            defineField({
              name: 'href',
              type: 'string',
              description: 'Optional link to read more.',
              validation: (rule) => rule.custom(publishedLinkResolves).warning(),
            }),
          ],
        }),
      ],
    }),
  ],
  preview: {select: {title: 'title'}, prepare: ({title}: {title?: string}) => ({title: title || 'Features', subtitle: 'Features'})},
})

/** The level of a section's heading: a section of the page, or a part of the section above it. */
const titleLevelField = defineField({
  name: 'titleLevel',
  title: 'Heading level',
  type: 'number',
  options: {
    list: [
      {title: 'A section of the page (h2)', value: 2},
      {title: 'A part of the section above (h3)', value: 3},
    ],
    layout: 'radio',
  },
  description: 'Empty: a section of the page.',
  hidden: ({parent}: {parent?: {title?: string}}) => !parent?.title,
})

export const homeCode = defineType({
  name: 'homeCode',
  title: 'Code example',
  type: 'object',
  fields: [
    defineField({name: 'title', type: 'string'}),
    titleLevelField,
    defineField({name: 'text', type: 'text', rows: 3}),
    defineField({name: 'examples', type: 'array', of: [defineArrayMember({type: 'codeBlock'})]}),
  ],
  preview: {select: {title: 'title'}, prepare: ({title}: {title?: string}) => ({title: title || 'Code', subtitle: 'Code example'})},
})

export const homeLatestPosts = defineType({
  name: 'homeLatestPosts',
  title: 'Latest blog posts',
  type: 'object',
  fields: [
    defineField({name: 'title', type: 'string'}),
    defineField({name: 'count', type: 'number', initialValue: 3, validation: (rule) => rule.min(1).max(10)}),
  ],
  preview: {select: {title: 'title'}, prepare: ({title}: {title?: string}) => ({title: title || 'Latest posts', subtitle: 'Latest blog posts'})},
})

export const homeSponsors = defineType({
  name: 'homeSponsors',
  title: 'Sponsors',
  type: 'object',
  fields: [
    defineField({name: 'title', type: 'string'}),
    defineField({name: 'text', type: 'text', rows: 2}),
    defineField({
      name: 'sponsors',
      type: 'array',
      of: [
        defineArrayMember({
          name: 'sponsor',
          type: 'object',
          fields: [
            defineField({name: 'name', type: 'string', validation: (rule) => rule.required()}),
            defineField({name: 'url', type: 'url'}),
            defineField({name: 'logo', type: 'image', description: 'Uploaded logo; or give its address below.'}),
            defineField({name: 'logoUrl', title: 'Logo address', type: 'url', description: 'A logo on another site (the sponsor’s own), shown from there.'}),
          ],
          preview: {select: {title: 'name', media: 'logo', subtitle: 'url'}},
        }),
      ],
    }),
    defineField({
      name: 'cta',
      title: 'Call to action',
      type: 'object',
      fields: [
        defineField({name: 'label', type: 'string'}),
        defineField({name: 'href', type: 'string', validation: (rule) => rule.custom(publishedLinkResolves).warning()}),
      ],
    }),
  ],
  preview: {select: {title: 'title'}, prepare: ({title}: {title?: string}) => ({title: title || 'Sponsors', subtitle: 'Sponsors'})},
})

/** Free text between the other sections: what a home page says that none of them holds. */
export const homeText = defineType({
  name: 'homeText',
  title: 'Text',
  type: 'object',
  fields: [
    defineField({name: 'title', type: 'string', description: 'Optional heading of the section.'}),
    titleLevelField,
    defineField({name: 'body', type: 'richText'}),
  ],
  preview: {select: {title: 'title'}, prepare: ({title}: {title?: string}) => ({title: title || 'Text', subtitle: 'Text'})},
})

export const homePage = defineType({
  name: 'homePage',
  title: 'Home page',
  type: 'document',
  fields: [
    languageField,
    defineField({name: 'title', type: 'string', description: 'The browser tab’s title.', validation: (rule) => rule.required()}),
    defineField({name: 'description', type: 'text', rows: 2}),
    defineField({
      name: 'sections',
      type: 'array',
      of: [
        defineArrayMember({type: 'homeHero'}),
        defineArrayMember({type: 'homeFeatures'}),
        defineArrayMember({type: 'homeCode'}),
        defineArrayMember({type: 'homeLatestPosts'}),
        defineArrayMember({type: 'homeSponsors'}),
        defineArrayMember({type: 'homeText'}),
      ],
    }),
    defineField({name: 'sourcePath', title: 'Source file', type: 'string', readOnly: true}),
    defineField({name: 'translation', type: 'translationOrigin'}),
  ],
  preview: {select: {title: 'title', subtitle: 'language'}},
})
