/** Site-wide settings: one document, id "siteSettings". Labels are translated per field. */
import {defineArrayMember, defineField, defineType} from '@sanity/types'
import {BLOG_PATH, DOCS_PATH, LOCALE_CODE, RESERVED_FIRST_SEGMENTS, TAG_PERMALINK, tagPermalink} from '../model'
import {EMBED_HOST, EMBED_HOSTS} from '../objects/portable-text'

export const SITE_SETTINGS_ID = 'siteSettings'

export const localeConfig = defineType({
  name: 'localeConfig',
  title: 'Locale',
  type: 'object',
  fields: [
    defineField({
      name: 'code',
      type: 'string',
      description: 'As in the URL and in documents’ language field: en, fr, pt-br, zh-CN…',
      validation: (rule) => rule.required().regex(LOCALE_CODE, {name: 'locale code'}),
    }),
    defineField({name: 'label', type: 'string', description: 'Shown in the language dropdown.', validation: (rule) => rule.required()}),
    defineField({name: 'direction', type: 'string', options: {list: ['ltr', 'rtl']}, initialValue: 'ltr'}),
    defineField({name: 'htmlLang', title: 'HTML lang', type: 'string', validation: (rule) => rule.required()}),
    defineField({name: 'calendar', type: 'string', initialValue: 'gregory'}),
    defineField({name: 'path', type: 'string', description: 'URL prefix; empty for the default locale.'}),
  ],
  preview: {select: {title: 'label', subtitle: 'code'}},
})

export const announcementBar = defineType({
  name: 'announcementBar',
  title: 'Announcement bar',
  type: 'object',
  fields: [
    defineField({
      name: 'id',
      type: 'string',
      description: 'Change it to show the bar again to readers who closed the previous one.',
      validation: (rule) => rule.required(),
    }),
    defineField({name: 'enabled', type: 'boolean', initialValue: true}),
    defineField({name: 'content', type: 'localeString', description: 'The message.', validation: (rule) => rule.required()}),
    defineField({name: 'linkLabel', title: 'Link label', type: 'localeString'}),
    defineField({name: 'linkHref', title: 'Link address', type: 'string'}),
    defineField({name: 'backgroundColor', type: 'string', initialValue: '#25c2a0', validation: (rule) => rule.regex(/^#[0-9a-fA-F]{3,8}$/)}),
    defineField({name: 'textColor', type: 'string', initialValue: '#091E42', validation: (rule) => rule.regex(/^#[0-9a-fA-F]{3,8}$/)}),
    defineField({name: 'isCloseable', title: 'Readers can close it', type: 'boolean', initialValue: true}),
  ],
})

/**
 * A tag with an address or a description of its own (a tags.yml), for the blog's posts or the docs:
 * the two differ only in what their addresses and messages name.
 */
function tagDefinitionType(name: string, title: string, taggedBy: string, page: string, example: string) {
  return defineType({
    name,
    title,
    type: 'object',
    fields: [
      defineField({name: 'label', type: 'string', description: `The tag as ${taggedBy} name it.`, validation: (rule) => rule.required()}),
      defineField({
        name: 'permalink',
        title: 'Address',
        type: 'string',
        description: `Its page is ${page}; empty: the words of its label (${example}).`,
        validation: (rule) => rule.regex(TAG_PERMALINK, {name: 'URL segment (letters, digits, "-", "_", ".")'}),
      }),
      defineField({name: 'description', type: 'localeText', description: 'Shown at the top of the tag’s page.'}),
    ],
    preview: {select: {title: 'label', subtitle: 'permalink'}},
  })
}

/** A blog tag of the blog's tags.yml. */
export const blogTagDefinition = tagDefinitionType('blogTagDefinition', 'Tag', 'posts', '/blog/tags/{address}', '“Customer stories” → customer-stories')

/** A docs tag of the docs' tags.yml. */
export const docsTagDefinition = tagDefinitionType(
  'docsTagDefinition',
  'Docs tag',
  'docs',
  '/docs/{version}/tags/{address}',
  '“Load balancing” → load-balancing',
)

/** Labels of tags that would share an address: the studio's message, or true. */
function uniqueTagAddresses(base: string) {
  return (tags: Array<{label?: string; permalink?: string}> | undefined) => {
    const seen = new Map<string, string>()
    for (const tag of tags ?? []) {
      const address = tag.permalink || tagPermalink(tag.label ?? '')
      const other = seen.get(address)
      if (other !== undefined) return `“${other}” and “${tag.label ?? ''}” would share the address ${base}/${address}`
      seen.set(address, tag.label ?? '')
    }
    return true
  }
}

export const siteSettings = defineType({
  name: 'siteSettings',
  title: 'Site settings',
  type: 'document',
  groups: [
    {name: 'site', title: 'Site', default: true},
    {name: 'navigation', title: 'Navbar & footer'},
    {name: 'i18n', title: 'Languages & versions'},
    {name: 'features', title: 'Features'},
  ],
  fields: [
    defineField({name: 'title', type: 'string', group: 'site', validation: (rule) => rule.required()}),
    defineField({name: 'tagline', type: 'localeString', group: 'site'}),
    defineField({
      name: 'url',
      type: 'url',
      group: 'site',
      description: 'The production origin, used for canonical links and the sitemap.',
      validation: (rule) => rule.required(),
    }),
    defineField({name: 'editUrl', title: '“Edit this page” base', type: 'string', group: 'site', description: 'Prefix of each page’s source file path.'}),
    defineField({name: 'copyright', type: 'localeString', group: 'navigation'}),
    defineField({name: 'navbarTitle', title: 'Navbar title', type: 'string', group: 'navigation'}),
    defineField({name: 'favicon', type: 'string', group: 'site', description: 'Site path of the icon browsers show, a static file such as /img/favicon.ico.'}),
    defineField({name: 'logo', type: 'themedImage', group: 'navigation'}),
    defineField({name: 'navbarItems', title: 'Navbar items', type: 'navbarItems', group: 'navigation'}),
    defineField({name: 'footerLinks', title: 'Footer link groups', type: 'array', of: [defineArrayMember({type: 'footerLinkGroup'})], group: 'navigation'}),
    defineField({name: 'announcementBar', type: 'announcementBar', group: 'features'}),
    defineField({
      name: 'embedHosts',
      title: 'Embedded sites',
      type: 'array',
      group: 'features',
      of: [defineArrayMember({type: 'string', validation: (rule) => rule.regex(EMBED_HOST, {name: 'host name'}).error('A host name, such as egghead.io')})],
      options: {layout: 'tags'},
      description: `Sites whose pages embeds may show (iframes, sandboxed), besides ${EMBED_HOSTS.join(', ')}: host names such as egghead.io.`,
    }),
    defineField({
      name: 'colorMode',
      title: 'Colour mode',
      type: 'object',
      group: 'features',
      fields: [
        defineField({name: 'defaultMode', type: 'string', options: {list: ['light', 'dark']}, initialValue: 'light'}),
        defineField({name: 'respectPrefersColorScheme', title: 'Follow the system preference', type: 'boolean', initialValue: true}),
        defineField({name: 'disableSwitch', title: 'Hide the colour mode switch', type: 'boolean', initialValue: false}),
      ],
    }),
    defineField({
      name: 'linkChecks',
      title: 'Link checks',
      type: 'object',
      group: 'features',
      description: 'What a build does when it finds a broken link, anchor or markdown link (as in Docusaurus).',
      fields: (['onBrokenLinks', 'onBrokenAnchors', 'onBrokenMarkdownLinks'] as const).map((name) =>
        defineField({
          name,
          type: 'string',
          options: {list: ['ignore', 'log', 'warn', 'throw'], layout: 'radio', direction: 'horizontal'},
          initialValue: name === 'onBrokenLinks' ? 'throw' : 'warn',
        }),
      ),
    }),
    defineField({
      name: 'defaultLocale',
      title: 'Default locale',
      type: 'string',
      group: 'i18n',
      description: 'The locale of source documents, served without a URL prefix; one of the codes below.',
      validation: (rule) => rule.required().regex(LOCALE_CODE, {name: 'locale code'}),
    }),
    defineField({
      name: 'locales',
      type: 'array',
      of: [defineArrayMember({type: 'localeConfig'})],
      group: 'i18n',
      validation: (rule) => rule.required().min(1),
    }),
    defineField({
      name: 'docsPath',
      title: 'Docs address',
      type: 'string',
      group: 'i18n',
      description:
        'Where the docs are served: empty or "docs" serves them under /docs/, "api/docs" under /api/docs/, and "/" at the site root, where the latest version’s main doc is the home page (Docusaurus’s docs-only mode). Changing it moves every docs address: links written as /docs/… must change with it.',
      validation: (rule) =>
        rule.custom((value) => {
          if (value === undefined || value === null) return true
          const path = String(value).replace(/^\/+|\/+$/g, '')
          if (!DOCS_PATH.test(path))
            return `"${String(value)}" is not a site path: segments of letters, digits, ".", "_" or "-" separated by "/", or "/" for the site root`
          const first = path.split('/')[0] ?? ''
          if (RESERVED_FIRST_SEGMENTS.includes(first))
            return `/${first}/ belongs to the site itself (${RESERVED_FIRST_SEGMENTS.map((segment) => `/${segment}/`).join(', ')}): choose another address for the docs`
          return true
        }),
    }),
    defineField({
      name: 'docsTags',
      title: 'Docs tags with an address or description of their own',
      type: 'array',
      group: 'features',
      description:
        'A tag of docs not listed here is served at the address of its label’s words (“Load balancing” → /docs/{version}/tags/load-balancing) and has no description. Labels given the same address are one tag, shown under each label: how a tag’s translations (“Broadcasting”, “Diffusion”) share its page.',
      of: [defineArrayMember({type: 'docsTagDefinition'})],
    }),
    defineField({
      name: 'blog',
      type: 'object',
      group: 'features',
      fields: [
        defineField({
          name: 'path',
          title: 'Blog address',
          type: 'string',
          description:
            'Where the blog is served: empty or "blog" serves it under /blog/, "news" under /news/, "/" at the site root (a blog-only site: the list of posts is the home page, and the home page document is not shown). Changing it moves every post, tag and author page: links written as /blog/… must change with it.',
          validation: (rule) =>
            rule.custom((value, context) => {
              if (value === undefined || value === null || value === '') return true
              const path = String(value).replace(/^\/+|\/+$/g, '')
              if (path === '') {
                const docsPath = (context.document as {docsPath?: unknown} | undefined)?.docsPath
                return typeof docsPath === 'string' && docsPath.replace(/^\/+|\/+$/g, '') === ''
                  ? 'The docs are served at the site root already: the blog needs an address of its own'
                  : true
              }
              if (!BLOG_PATH.test(path))
                return `"${String(value)}" is not a site path: segments of letters, digits, ".", "_" or "-" separated by "/", or "/" for the site root`
              const first = path.split('/')[0] ?? ''
              if (first !== 'blog' && RESERVED_FIRST_SEGMENTS.includes(first))
                return `/${first}/ belongs to the site itself: choose another address for the blog`
              return true
            }),
        }),
        defineField({name: 'postsPerPage', type: 'number', initialValue: 10, validation: (rule) => rule.min(1).max(50)}),
        defineField({name: 'sidebarCount', title: 'Posts in the sidebar', type: 'number', initialValue: 10}),
        defineField({name: 'showReadingTime', type: 'boolean', initialValue: true}),
        defineField({name: 'title', type: 'localeString'}),
        defineField({name: 'description', type: 'localeString'}),
        defineField({
          name: 'tags',
          title: 'Tags with an address or description of their own',
          type: 'array',
          description:
            'A tag of posts not listed here is served at the address of its label’s words (“Customer stories” → /blog/tags/customer-stories) and has no description.',
          of: [defineArrayMember({type: 'blogTagDefinition'})],
          validation: (rule) => rule.custom(uniqueTagAddresses('/blog/tags')),
        }),
      ],
    }),
    defineField({
      name: 'search',
      type: 'object',
      group: 'features',
      fields: [
        defineField({name: 'contextualSearch', title: 'Filter by locale and version', type: 'boolean', initialValue: true}),
        defineField({name: 'searchPagePath', type: 'string', initialValue: 'search'}),
        defineField({name: 'indexName', type: 'string', initialValue: 'socketio-docs'}),
        defineField({name: 'suggestions', title: 'Suggested queries', type: 'array', of: [defineArrayMember({type: 'string'})]}),
        defineField({name: 'reportUrl', title: 'Where to report missing results', type: 'url'}),
      ],
    }),
  ],
  preview: {prepare: () => ({title: 'Site settings'})},
})
