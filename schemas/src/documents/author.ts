/**
 * A blog author (Docusaurus's authors.yml entry): who they are, their links, and whether they
 * have a page at /blog/authors/<permalink> listing their posts.
 */
import {defineArrayMember, defineField, defineType, type CustomValidator} from '@sanity/types'
import {AUTHOR_PERMALINK, isLocaleCode} from '../model'
import {uniqueInScope} from '../validation/rules'

/** Each language at most once, with a locale code. */
const translationsValid: CustomValidator<Array<{language?: string}> | undefined> = (values) => {
  const seen = new Set<string>()
  for (const entry of values ?? []) {
    const language = entry.language ?? ''
    if (!isLocaleCode(language)) return `${JSON.stringify(language)} is not a locale code such as fr or pt-br`
    if (seen.has(language)) return `${language} is given twice`
    seen.add(language)
  }
  return true
}

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
    defineField({name: 'description', type: 'text', rows: 3, description: 'A few words about the author, shown on their page.'}),
    defineField({name: 'url', type: 'url', description: 'Where the name leads when the author has no page.'}),
    defineField({name: 'email', type: 'email', description: 'Used as a mailto: link when there is neither a page nor an address.'}),
    defineField({name: 'image', type: 'image'}),
    defineField({
      name: 'imageUrl',
      title: 'Image address',
      type: 'url',
      description: 'An image of another site (a profile picture), instead of an uploaded one.',
    }),
    defineField({
      name: 'socials',
      title: 'Social links',
      type: 'array',
      description: 'Shown under the author’s name, as icons with the platform’s name.',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'authorSocial',
          fields: [
            defineField({
              name: 'platform',
              type: 'string',
              description: 'github, x, linkedin, bluesky, mastodon, email… or any name.',
              validation: (rule) => rule.required(),
            }),
            defineField({name: 'url', type: 'url', validation: (rule) => rule.required().uri({scheme: ['http', 'https', 'mailto']})}),
          ],
          preview: {select: {title: 'platform', subtitle: 'url'}},
        }),
      ],
    }),
    defineField({
      name: 'listed',
      title: 'Listed on the authors page',
      type: 'boolean',
      description: 'Shown on /blog/authors with their number of posts (the authors of authors.yml are; authors written inline in a post are not).',
      initialValue: true,
    }),
    defineField({name: 'position', title: 'Order on the authors page', type: 'number', description: 'Lower first; authors without one come last, by name.'}),
    defineField({
      name: 'page',
      title: 'Author page',
      type: 'boolean',
      description: 'Gives the author a page listing their posts, which their name on posts links to.',
      initialValue: false,
    }),
    defineField({
      name: 'permalink',
      title: 'Page address',
      type: 'string',
      description: 'The page is at /blog/authors/{this}, e.g. ana-okafor.',
      hidden: ({document}) => document?.page !== true,
      validation: (rule) =>
        rule
          .custom((value: string | undefined, context) =>
            (context.document as {page?: boolean} | undefined)?.page === true && !value ? 'An author page needs an address' : true,
          )
          .regex(AUTHOR_PERMALINK, {name: 'path under /blog/authors/ (no leading slash, no page/<n> at the end)'})
          .custom(uniqueInScope('permalink', [])),
    }),
    defineField({
      name: 'translations',
      title: 'Translations',
      type: 'array',
      description: 'The name, role and description in another language (an authors.yml under i18n/<locale>/).',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'authorTranslation',
          fields: [
            defineField({name: 'language', type: 'string', validation: (rule) => rule.required()}),
            defineField({name: 'name', type: 'string'}),
            defineField({name: 'title', type: 'string'}),
            defineField({name: 'description', type: 'text', rows: 3}),
          ],
          preview: {select: {title: 'title', subtitle: 'language'}},
        }),
      ],
      validation: (rule) => rule.custom(translationsValid),
    }),
  ],
  preview: {select: {title: 'name', subtitle: 'title', media: 'image'}},
})
