import {defineField, defineType} from '@sanity/types'
import {DOCS_PATH, VERSION_ID, VERSION_URL_PATH} from '../model'

export const docsVersion = defineType({
  name: 'docsVersion',
  title: 'Docs version',
  type: 'document',
  fields: [
    defineField({
      name: 'path',
      type: 'string',
      title: 'Identifier',
      description: 'What docs and sidebars name the version by (v4, current, 1.0); also its segment in URLs unless URL path says otherwise.',
      validation: (rule) => rule.required().regex(VERSION_ID, {name: 'version identifier'}),
    }),
    defineField({
      name: 'urlPath',
      title: 'URL path',
      type: 'string',
      description:
        'The version’s segment in URLs when it is not its identifier: "next" serves it at /docs/next/; empty serves it at /docs/ itself (Docusaurus’s place for the latest version). /docs/ is the docs’ address of the site settings.',
      validation: (rule) => rule.regex(VERSION_URL_PATH, {name: 'URL segment'}),
    }),
    defineField({
      name: 'docsPath',
      title: 'Docs of their own at',
      type: 'string',
      description:
        'Leave empty for a version of the site’s docs. Set it for a separate set of docs with its own address and sidebars, such as community docs at /community/ beside the product’s (a second docs plugin of Docusaurus): "community", or "/" for the site root. Such a version is not in the version dropdown and is never the latest.',
      validation: (rule) =>
        rule.custom((value) =>
          value === undefined || value === '/' || DOCS_PATH.test(String(value).replace(/^\/+|\/+$/g, ''))
            ? true
            : 'Path segments of letters, digits, ".", "_" and "-", joined by "/" (community, help/docs), or "/" for the site root',
        ),
    }),
    defineField({name: 'label', type: 'string', description: 'Shown in the version dropdown, e.g. 4.x.', validation: (rule) => rule.required()}),
    defineField({
      name: 'labels',
      title: 'Label in other languages',
      type: 'localeString',
      description: 'Optional: the label as readers of another language see it (۲.x, 2.x (ancienne)); a language without one shows the label above.',
    }),
    defineField({
      name: 'name',
      type: 'string',
      description: 'The Docusaurus version name (current, 3.x, 2.x), kept for migrations.',
      validation: (rule) => rule.required(),
    }),
    defineField({name: 'isLast', title: 'Latest version', type: 'boolean', initialValue: false}),
    defineField({name: 'order', type: 'number', description: 'Newest first: 1 for the latest.', validation: (rule) => rule.required()}),
    defineField({
      name: 'mainDoc',
      title: 'Home doc slug',
      type: 'string',
      description: 'The doc shown at the version’s home, /docs/{path}/.',
      initialValue: 'index',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'banner',
      type: 'string',
      options: {list: ['none', 'unmaintained', 'unreleased']},
      initialValue: 'none',
      description: 'Unmaintained (older) and unreleased (newer) versions show a banner linking to the latest version of the page.',
    }),
  ],
  preview: {
    select: {title: 'label', path: 'path', urlPath: 'urlPath', isLast: 'isLast', docsPath: 'docsPath'},
    prepare: ({title, path, urlPath, isLast, docsPath}: {title?: string; path?: string; urlPath?: string; isLast?: boolean; docsPath?: string}) => {
      const segment = typeof urlPath === 'string' ? urlPath : path
      if (typeof docsPath === 'string') {
        const own = [docsPath.replace(/^\/+|\/+$/g, ''), segment].filter(Boolean).join('/')
        return {title, subtitle: `docs of their own at /${own ? `${own}/` : ''}`}
      }
      // Relative to the docs' address of the site settings (/docs/ by default), which a preview cannot read.
      return {title, subtitle: `${segment ? `…/${segment}/` : 'at the docs’ root'}${isLast ? ' · latest' : ''}`}
    },
  },
})
