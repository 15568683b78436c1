/**
 * The Portable Text of every long text (docs, posts, releases, pages), and its custom block types:
 * code, admonition, tabs, themed image, table, heading with an explicit anchor, sanitized embed,
 * raw HTML, the blog's "read more" break, and the importer's fallback for what it cannot convert.
 */
import {defineArrayMember, defineField, defineType} from '@sanity/types'
import {LIST_PARAGRAPH_STYLE, listLevelField} from './list-level'
import {SANITY_API_VERSION} from '../model'
import {linkAddressIsValid, publishedLinkResolves} from '../validation/published-links'
import {rawHtmlSlotMarker, SITE_COMPONENT_CONTENT_MARKER} from './site-component-marker'

export const ADMONITION_KINDS = ['note', 'tip', 'info', 'warning', 'caution', 'danger'] as const
export type AdmonitionKind = (typeof ADMONITION_KINDS)[number]

/** Hosts whose pages the `embed` block may show in an iframe. */
export const EMBED_HOSTS = ['codesandbox.io', 'stackblitz.com', 'www.youtube-nocookie.com'] as const

/** Same-site pages that may be embedded: self-contained demos shipped with the site. */
export const EMBED_LOCAL_PREFIX = '/embeds/'

/** A host name a site may list among its embedded sites (`egghead.io`, `www.example.org`). */
export const EMBED_HOST = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/

/**
 * Why an embed address is refused, or null when it may be shown: a local demo, or an https page of one of
 * EMBED_HOSTS or of `siteHosts`, the hosts the site settings add ("Embedded sites").
 */
export function embedUrlProblem(value: string, siteHosts: readonly string[] = []): string | null {
  if (value.startsWith(EMBED_LOCAL_PREFIX)) {
    return /^\/embeds\/[a-z0-9-]+\.html$/.test(value) ? null : 'Local embeds are /embeds/<name>.html'
  }
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'Not a valid address'
  }
  if (url.protocol !== 'https:') return 'Embeds must use https'
  if (!(EMBED_HOSTS as readonly string[]).includes(url.hostname) && !siteHosts.includes(url.hostname))
    return `Embeds from ${url.hostname} are not allowed (add ${url.hostname} to the site settings' Embedded sites to allow them)`
  return null
}

/** Code languages the highlighter knows; the studio offers them and validation checks them. */
export const CODE_LANGUAGES = [
  'js',
  'jsx',
  'ts',
  'tsx',
  'json',
  'html',
  'css',
  'bash',
  'sh',
  'shell',
  'console',
  'text',
  'yaml',
  'nginx',
  'apache',
  'ini',
  'java',
  'kotlin',
  'swift',
  'cpp',
  'c',
  'csharp',
  'python',
  'go',
  'rust',
  'dart',
  'php',
  'ruby',
  'diff',
  'dockerfile',
  'vue',
  'sql',
  'xml',
  'http',
  'markdown',
  'toml',
  // Languages that Docusaurus sites highlight too (Prism's bundle and its usual additionalLanguages).
  'powershell',
  'bat',
  'fish',
  'graphql',
  'scss',
  'sass',
  'less',
  'groovy',
  'scala',
  'objective-c',
  'lua',
  'perl',
  'r',
  'julia',
  'haskell',
  'elixir',
  'erlang',
  'clojure',
  'fsharp',
  'ocaml',
  'elm',
  'zig',
  'asm',
  'wasm',
  'solidity',
  'makefile',
  'cmake',
  'proto',
  'hcl',
  'terraform',
  'nix',
  'properties',
  'dotenv',
  'csv',
  'log',
  'latex',
  'matlab',
  'svelte',
  'astro',
  'mdx',
  'handlebars',
  'pug',
  'prisma',
  'coffeescript',
  'vb',
] as const

/** Other names of the highlighter's languages, as code fences write them (`hbs`, `gql`, `yml`…). */
const CODE_LANGUAGE_ALIASES: Record<string, string> = {
  javascript: 'js',
  mjs: 'js',
  cjs: 'js',
  typescript: 'ts',
  yml: 'yaml',
  zsh: 'bash',
  py: 'python',
  kt: 'kotlin',
  cs: 'csharp',
  'c#': 'csharp',
  'c++': 'cpp',
  golang: 'go',
  rs: 'rust',
  rb: 'ruby',
  docker: 'dockerfile',
  md: 'markdown',
  jsonc: 'json',
  json5: 'json',
  txt: 'text',
  plaintext: 'text',
  ps1: 'powershell',
  pwsh: 'powershell',
  ps: 'powershell',
  batch: 'bat',
  cmd: 'bat',
  gql: 'graphql',
  objc: 'objective-c',
  objectivec: 'objective-c',
  gradle: 'groovy',
  hs: 'haskell',
  ex: 'elixir',
  exs: 'elixir',
  erl: 'erlang',
  clj: 'clojure',
  fs: 'fsharp',
  ml: 'ocaml',
  jl: 'julia',
  pl: 'perl',
  sol: 'solidity',
  make: 'makefile',
  mk: 'makefile',
  protobuf: 'proto',
  tf: 'terraform',
  env: 'dotenv',
  tex: 'latex',
  hbs: 'handlebars',
  jade: 'pug',
  coffee: 'coffeescript',
  vbnet: 'vb',
}

/** The highlighter's name for a code fence's language (lower case, an alias folded onto its language). */
export function highlighterLanguage(language: string): string {
  const lower = language.toLowerCase()
  return CODE_LANGUAGE_ALIASES[lower] ?? lower
}

/** Inline HTML elements that the `inlineElement` annotation may stand for. */
export const INLINE_ELEMENT_TAGS = ['span', 'abbr', 'small', 'q', 'cite', 'dfn', 'time', 'ins', 'var', 'samp'] as const

const INLINE_MARKUP_HELP =
  'Plain text. Wrap code in `backticks`; **bold**, *italic*, [links](/docs/v4/), images, ![description](/img/badge.svg), footnotes, [^name] (the note below, or that of an earlier footnote of that name), and a box of code whose text may hold links, ```Promise<[Result](#result)>```, are also understood.'

/** The notes of the footnotes that `[^name]` in a heading's text or a table's cells refers to. */
const markupNotesField = defineField({
  name: 'notes',
  title: 'Footnotes',
  type: 'array',
  of: [defineArrayMember({type: 'footnote'})],
  description:
    'The note of each [^name] written above whose name no earlier footnote of the page gives a note for. Numbered with the page’s other footnotes, listed at its end.',
})

/** How a link may be shown besides plain text: the site's primary and secondary buttons. */
export const LINK_LOOKS = [
  {title: 'Button', value: 'button'},
  {title: 'Secondary button', value: 'button-secondary'},
] as const

export type LinkLook = (typeof LINK_LOOKS)[number]['value']

export function isLinkLook(value: unknown): value is LinkLook {
  return LINK_LOOKS.some((look) => look.value === value)
}

/** The decorators and annotations of text: paragraphs of the body and the notes of footnotes. */
export const textMarks = {
  decorators: [
    {title: 'Strong', value: 'strong'},
    {title: 'Emphasis', value: 'em'},
    {title: 'Code', value: 'code'},
    {title: 'Strike', value: 'strike-through'},
    {title: 'Underline', value: 'underline'},
    {title: 'Superscript', value: 'sup'},
    {title: 'Subscript', value: 'sub'},
    {title: 'Keyboard key', value: 'kbd'},
    {title: 'Highlight', value: 'mark'},
  ],
  annotations: [
    defineArrayMember({
      name: 'link',
      type: 'object',
      title: 'Link',
      fields: [
        defineField({
          name: 'href',
          type: 'string',
          title: 'Address',
          description: 'A site path without locale (/docs/v4/rooms/, /blog/some-post/), a #anchor, or a full https:// address.',
          // A badly written address is an error; while the editor types, a warning when the page is not there for
          // readers (not published, or only in another Content Release).
          validation: (rule) => [rule.required().custom(linkAddressIsValid), rule.custom(publishedLinkResolves).warning()],
        }),
        defineField({
          name: 'look',
          type: 'string',
          title: 'Shown as',
          description: 'Empty: a link in the text. A button stands out as a call to action ("Start a free trial").',
          options: {list: [...LINK_LOOKS], layout: 'radio'},
        }),
      ],
    }),
    defineArrayMember({
      name: 'inlineElement',
      type: 'object',
      title: 'Styled text',
      description: 'An inline HTML element kept from an imported page (a span with a class or style, an abbreviation).',
      fields: [
        defineField({name: 'tag', type: 'string', options: {list: [...INLINE_ELEMENT_TAGS]}, initialValue: 'span', validation: (rule) => rule.required()}),
        defineField({name: 'className', title: 'CSS class', type: 'string'}),
        defineField({name: 'style', type: 'string', description: 'Only colours, font size, weight and style, text decoration and a relative offset are kept.'}),
        defineField({name: 'title', type: 'string', description: 'Shown on hover; the expansion of an abbreviation.'}),
      ],
    }),
  ],
}

const blockMember = defineArrayMember({
  type: 'block',
  styles: [
    {title: 'Normal', value: 'normal'},
    // A page's title is its h1; a markdown page may have more (Docusaurus shows a later `# heading` so).
    {title: 'Heading 1', value: 'h1'},
    {title: 'Heading 2', value: 'h2'},
    {title: 'Heading 3', value: 'h3'},
    {title: 'Heading 4', value: 'h4'},
    {title: 'Heading 5', value: 'h5'},
    {title: 'Heading 6', value: 'h6'},
    {title: 'Quote', value: 'blockquote'},
    LIST_PARAGRAPH_STYLE,
    // MDX keeps a line made only of HTML elements out of any paragraph: a line, without a paragraph's spacing.
    {title: 'Line, without paragraph spacing', value: 'line'},
    // Code with links in it (an API's signature whose types link to their definitions): a box of code, not highlighted.
    {title: 'Code box, links allowed', value: 'codeBox'},
  ],
  lists: [
    {title: 'Bullet', value: 'bullet'},
    {title: 'Numbered', value: 'number'},
  ],
  marks: textMarks,
  of: [
    defineArrayMember({type: 'inlineImage'}),
    defineArrayMember({type: 'mathInline'}),
    defineArrayMember({type: 'footnote'}),
    defineArrayMember({type: 'anchorTarget'}),
  ],
})

/**
 * Block types allowed everywhere, including inside admonitions, tab panels and details, which
 * nest to any depth as they do in Docusaurus markdown (tabs in tabs, an admonition in a tab...).
 */
const nestedMembers = [
  blockMember,
  defineArrayMember({type: 'heading'}),
  defineArrayMember({type: 'codeBlock'}),
  defineArrayMember({type: 'mathBlock'}),
  defineArrayMember({type: 'mermaidDiagram'}),
  defineArrayMember({type: 'themedImage'}),
  defineArrayMember({type: 'table'}),
  defineArrayMember({type: 'admonition'}),
  defineArrayMember({type: 'quote'}),
  defineArrayMember({type: 'tabs'}),
  defineArrayMember({type: 'details'}),
  defineArrayMember({type: 'video'}),
  defineArrayMember({type: 'embed'}),
  defineArrayMember({type: 'tocInline'}),
  defineArrayMember({type: 'docCardList'}),
  defineArrayMember({type: 'rawHtml'}),
  defineArrayMember({type: 'siteComponent'}),
  defineArrayMember({type: 'unconverted'}),
]

export const richText = defineType({
  name: 'richText',
  title: 'Rich text',
  type: 'array',
  of: [...nestedMembers, defineArrayMember({type: 'readMore'})],
})

export const nestedRichText = defineType({
  name: 'nestedRichText',
  title: 'Rich text',
  type: 'array',
  of: nestedMembers,
})

/** An image inside a line of text (a badge, an icon), from the dataset or from another site. */
export const anchorTarget = defineType({
  name: 'anchorTarget',
  title: 'Anchor',
  type: 'object',
  description: 'A place in the text that links can point to (#name in an address). Readers see nothing here.',
  fields: [
    defineField({
      name: 'id',
      title: 'Name',
      type: 'string',
      description: 'Links point here as #name; unique on the page.',
      validation: (rule) => rule.required().regex(/^[^\s#]+$/, {name: 'name without spaces'}),
    }),
  ],
  preview: {select: {id: 'id'}, prepare: ({id}: {id?: string}) => ({title: id ? `#${id}` : 'Anchor', subtitle: 'Anchor'})},
})

export const inlineImage = defineType({
  name: 'inlineImage',
  title: 'Inline image',
  type: 'object',
  fields: [
    defineField({name: 'image', type: 'image', description: 'Uploaded image; or give an address below.'}),
    defineField({name: 'url', title: 'Image address', type: 'url', description: 'An image of another site, shown from there.'}),
    defineField({name: 'alt', title: 'Alternative text', type: 'string'}),
    defineField({
      name: 'href',
      title: 'Link',
      type: 'string',
      description: 'Optional: where clicking the image leads.',
      validation: (rule) => rule.custom(publishedLinkResolves).warning(),
    }),
    defineField({name: 'width', type: 'string', description: 'As in HTML: 20 or 50%.'}),
    defineField({name: 'height', type: 'string'}),
  ],
  validation: (rule) =>
    rule.custom((value: {image?: {asset?: unknown}; url?: string} | undefined) =>
      value && !value.image?.asset && !value.url ? 'An inline image needs an uploaded image or an address' : true,
    ),
  preview: {select: {title: 'alt', media: 'image', subtitle: 'url'}},
})

export const codeBlock = defineType({
  name: 'codeBlock',
  title: 'Code',
  type: 'object',
  fields: [
    listLevelField,
    defineField({
      name: 'language',
      type: 'string',
      options: {list: [...CODE_LANGUAGES]},
      validation: (rule) => rule.required().error('A code block needs a language'),
    }),
    defineField({name: 'title', type: 'string', description: 'Shown above the code, often a file name.'}),
    defineField({name: 'code', type: 'text', rows: 12, validation: (rule) => rule.required()}),
    defineField({
      name: 'highlightedLines',
      title: 'Highlighted lines',
      type: 'array',
      of: [defineArrayMember({type: 'number'})],
      description: 'Line numbers, starting at 1.',
    }),
  ],
  preview: {
    select: {title: 'title', language: 'language', code: 'code'},
    prepare: ({title, language, code}: {title?: string; language?: string; code?: string}) => ({
      title: title || (typeof code === 'string' ? code.split('\n')[0] : 'Code'),
      subtitle: language,
    }),
  },
})

export const heading = defineType({
  name: 'heading',
  title: 'Heading with anchor',
  type: 'object',
  description: 'A heading whose anchor (#id in links) is fixed, so that links to it keep working when its text changes.',
  fields: [
    defineField({
      name: 'level',
      type: 'number',
      options: {list: [1, 2, 3, 4, 5, 6]},
      initialValue: 2,
      validation: (rule) => rule.required().min(1).max(6),
    }),
    defineField({name: 'text', type: 'string', description: INLINE_MARKUP_HELP, validation: (rule) => rule.required()}),
    markupNotesField,
    defineField({
      name: 'anchor',
      type: 'string',
      description: 'Letters, digits and hyphens.',
      validation: (rule) =>
        rule
          .required()
          .regex(/^[\p{L}\p{N}_-]+$/u, {name: 'anchor'})
          .error('Use letters, digits, _ and - only'),
    }),
  ],
  preview: {
    select: {title: 'text', anchor: 'anchor', level: 'level'},
    prepare: ({title, anchor, level}: {title?: string; anchor?: string; level?: number}) => ({title, subtitle: `h${level} #${anchor}`}),
  },
})

export const admonition = defineType({
  name: 'admonition',
  title: 'Admonition',
  type: 'object',
  fields: [
    listLevelField,
    defineField({
      name: 'kind',
      type: 'string',
      options: {list: [...ADMONITION_KINDS], layout: 'radio', direction: 'horizontal'},
      initialValue: 'note',
      validation: (rule) => rule.required(),
    }),
    defineField({name: 'title', type: 'string', description: 'Optional; the kind is shown when empty.'}),
    defineField({name: 'body', type: 'nestedRichText', description: 'Optional: without content, the box shows its title only (as Docusaurus does).'}),
  ],
  preview: {
    select: {kind: 'kind', title: 'title'},
    prepare: ({kind, title}: {kind?: string; title?: string}) => ({title: title || kind, subtitle: `Admonition: ${kind}`}),
  },
})

export const tabs = defineType({
  name: 'tabs',
  title: 'Tabs',
  type: 'object',
  fields: [
    listLevelField,
    defineField({
      name: 'groupId',
      title: 'Group id',
      type: 'string',
      description: 'Tabs with the same group id switch together, and the reader’s choice is remembered.',
    }),
    defineField({
      name: 'panels',
      type: 'array',
      validation: (rule) => rule.required().min(1),
      of: [
        defineArrayMember({
          name: 'tabPanel',
          type: 'object',
          fields: [
            defineField({name: 'value', type: 'string', validation: (rule) => rule.required()}),
            defineField({name: 'label', type: 'string', validation: (rule) => rule.required()}),
            defineField({name: 'isDefault', title: 'Selected by default', type: 'boolean'}),
            defineField({name: 'body', type: 'nestedRichText'}),
          ],
          preview: {select: {title: 'label', subtitle: 'value'}},
        }),
      ],
    }),
  ],
  preview: {
    select: {groupId: 'groupId', panels: 'panels'},
    prepare: ({groupId, panels}) => ({
      title: Array.isArray(panels) ? panels.map((p: {label?: string}) => p.label).join(' · ') : 'Tabs',
      subtitle: groupId ? `Tabs (${groupId})` : 'Tabs',
    }),
  },
})

export const themedImage = defineType({
  name: 'themedImage',
  title: 'Image',
  type: 'object',
  fields: [
    listLevelField,
    defineField({name: 'light', title: 'Image (light mode)', type: 'image', description: 'Uploaded image; or give its address below.'}),
    defineField({name: 'dark', title: 'Image (dark mode)', type: 'image', description: 'Optional.'}),
    defineField({name: 'lightUrl', title: 'Image address (light mode)', type: 'url', description: 'An image of another site, shown from there.'}),
    defineField({name: 'darkUrl', title: 'Image address (dark mode)', type: 'url'}),
    defineField({
      name: 'alt',
      title: 'Alternative text',
      type: 'string',
      validation: (rule) => rule.warning().custom((value) => (value ? true : 'Describe the image for readers who cannot see it')),
    }),
    defineField({name: 'caption', type: 'string', description: INLINE_MARKUP_HELP}),
    defineField({
      name: 'href',
      title: 'Link',
      type: 'string',
      description: 'Optional: where clicking the image leads.',
      validation: (rule) => rule.custom(publishedLinkResolves).warning(),
    }),
    defineField({name: 'width', type: 'string', description: 'Optional display width, as in HTML: 400 or 50%.'}),
    defineField({name: 'height', type: 'string'}),
    defineField({
      name: 'responsive',
      title: 'Responsive sizes',
      type: 'object',
      description:
        'Optional: the site serves the uploaded image in several widths (srcset), and each reader’s browser loads the smallest that fits. Leave empty for one size.',
      options: {collapsible: true, collapsed: true},
      fields: [
        defineField({
          name: 'min',
          title: 'Smallest width',
          type: 'number',
          description: 'In pixels; 320 when empty.',
          validation: (rule) => rule.min(16).integer(),
        }),
        defineField({
          name: 'max',
          title: 'Largest width',
          type: 'number',
          description: 'In pixels; the image’s own width when empty (never more).',
          validation: (rule) => rule.min(16).integer(),
        }),
        defineField({
          name: 'steps',
          title: 'Number of widths',
          type: 'number',
          description: 'From the smallest to the largest; 4 when empty.',
          validation: (rule) => rule.min(1).max(10).integer(),
        }),
        defineField({
          name: 'quality',
          type: 'number',
          description: 'JPEG and WebP quality, 1 to 100; 85 when empty.',
          validation: (rule) => rule.min(1).max(100).integer(),
        }),
      ],
    }),
  ],
  validation: (rule) =>
    rule.custom((value: {light?: {asset?: unknown}; lightUrl?: string} | undefined) =>
      value && !value.light?.asset && !value.lightUrl ? 'An image needs an uploaded image or an address' : true,
    ),
  preview: {select: {title: 'alt', media: 'light', subtitle: 'lightUrl'}},
})

/**
 * A quotation of several blocks: paragraphs, a list, a heading or code in one quote, as a markdown
 * `>` quote holding them shows them. A quote of one paragraph is a paragraph of the Quote style.
 */
export const quote = defineType({
  name: 'quote',
  title: 'Quote of several blocks',
  type: 'object',
  description: 'One quote around several paragraphs, a list, a heading or code. For a quote of one paragraph, give the paragraph the Quote style.',
  fields: [listLevelField, defineField({name: 'body', title: 'Quoted text', type: 'nestedRichText', validation: (rule) => rule.required()})],
  preview: {
    select: {body: 'body'},
    prepare: ({body}: {body?: Array<{children?: Array<{text?: string}>}>}) => ({
      title:
        (body ?? [])
          .flatMap((block) => block.children ?? [])
          .map((child) => child.text ?? '')
          .join(' ')
          .trim() || 'Quote',
      subtitle: 'Quote',
    }),
  },
})

export const details = defineType({
  name: 'details',
  title: 'Details (collapsible)',
  type: 'object',
  fields: [
    listLevelField,
    defineField({name: 'summary', type: 'string', description: INLINE_MARKUP_HELP, validation: (rule) => rule.required()}),
    defineField({name: 'open', title: 'Open at first', type: 'boolean', initialValue: false}),
    defineField({name: 'className', title: 'CSS class', type: 'string'}),
    defineField({name: 'body', type: 'nestedRichText', validation: (rule) => rule.required()}),
  ],
  preview: {select: {title: 'summary'}, prepare: ({title}: {title?: string}) => ({title, subtitle: 'Details'})},
})

export const video = defineType({
  name: 'video',
  title: 'Video',
  type: 'object',
  fields: [
    defineField({
      name: 'sources',
      type: 'array',
      description: 'The browser plays the first source it can.',
      validation: (rule) => rule.required().min(1),
      of: [
        defineArrayMember({
          name: 'videoSource',
          type: 'object',
          fields: [
            defineField({name: 'file', type: 'file', options: {accept: 'video/*'}}),
            defineField({name: 'url', title: 'Address', type: 'url', description: 'A video of another site; or upload a file above.'}),
            defineField({name: 'mimeType', title: 'Type', type: 'string', description: 'video/mp4, video/webm…'}),
          ],
          validation: (rule) =>
            rule.custom((value: {file?: {asset?: unknown}; url?: string} | undefined) =>
              value && !value.file?.asset && !value.url ? 'A source needs a file or an address' : true,
            ),
          preview: {select: {title: 'url', subtitle: 'mimeType'}},
        }),
      ],
    }),
    defineField({name: 'title', type: 'string', description: 'What the video shows, for screen readers.'}),
    defineField({
      name: 'fallback',
      title: 'Text where the video cannot play',
      type: 'string',
      description: `Shown by browsers that cannot play it; a link to the file when empty. ${INLINE_MARKUP_HELP}`,
    }),
    defineField({name: 'poster', type: 'image', description: 'Shown before the video plays.'}),
    defineField({name: 'controls', type: 'boolean', initialValue: true}),
    defineField({name: 'autoPlay', title: 'Play automatically (muted)', type: 'boolean', initialValue: false}),
    defineField({name: 'loop', type: 'boolean', initialValue: false}),
    defineField({name: 'muted', type: 'boolean', initialValue: false}),
    defineField({name: 'width', type: 'string', description: 'As in HTML: 640 or 100%.'}),
    defineField({name: 'height', type: 'string'}),
  ],
  preview: {
    select: {title: 'title', subtitle: 'sources.0.url'},
    prepare: ({title, subtitle}: {title?: string; subtitle?: string}) => ({title: title || 'Video', subtitle}),
  },
})

export const tocInline = defineType({
  name: 'tocInline',
  title: 'Table of contents',
  type: 'object',
  description: 'The page’s headings as a list of links, where this block stands.',
  fields: [
    defineField({name: 'minLevel', title: 'From heading level', type: 'number', options: {list: [2, 3, 4, 5, 6]}, initialValue: 2}),
    defineField({name: 'maxLevel', title: 'To heading level', type: 'number', options: {list: [2, 3, 4, 5, 6]}, initialValue: 3}),
  ],
  preview: {prepare: () => ({title: 'Table of contents'})},
})

export const docCardList = defineType({
  name: 'docCardList',
  title: 'Cards of the category',
  type: 'object',
  description: 'The pages of this doc’s sidebar category as cards, where this block stands; or the cards listed here.',
  fields: [
    defineField({name: 'label', type: 'string', hidden: true, initialValue: 'cards'}),
    defineField({
      name: 'items',
      title: 'Cards',
      type: 'array',
      description: 'Leave empty to show the pages of the doc’s sidebar category.',
      of: [
        defineArrayMember({
          name: 'docCard',
          type: 'object',
          fields: [
            defineField({name: 'label', type: 'string', validation: (rule) => rule.required()}),
            defineField({
              name: 'href',
              title: 'Address',
              type: 'string',
              description: 'A page of the site (/docs/v4/rooms/) or another site’s address.',
              validation: (rule) => rule.required(),
            }),
            defineField({name: 'description', type: 'string'}),
          ],
          preview: {select: {title: 'label', subtitle: 'href'}},
        }),
      ],
    }),
  ],
  preview: {
    select: {items: 'items'},
    prepare: ({items}) => ({title: Array.isArray(items) && items.length > 0 ? `Cards: ${items.length}` : 'Cards of the category'}),
  },
})

export const table = defineType({
  name: 'table',
  title: 'Table',
  type: 'object',
  fields: [
    listLevelField,
    defineField({
      name: 'rows',
      type: 'array',
      description: 'The first row is the header.',
      of: [
        defineArrayMember({
          name: 'tableRow',
          type: 'object',
          fields: [
            defineField({
              name: 'cells',
              type: 'array',
              of: [defineArrayMember({type: 'string'})],
              description: `${INLINE_MARKUP_HELP} A new line breaks the line; lines that start "- " or "1. " are a list (write \\1. to keep a line starting so as text).`,
            }),
          ],
          preview: {
            select: {cells: 'cells'},
            prepare: ({cells}) => ({title: Array.isArray(cells) ? cells.join(' | ') : ''}),
          },
        }),
      ],
      validation: (rule) => rule.required().min(1),
    }),
    defineField({
      name: 'align',
      type: 'array',
      of: [defineArrayMember({type: 'string', options: {list: ['left', 'center', 'right', 'none']}})],
      description: 'Alignment of each column.',
    }),
    markupNotesField,
  ],
  preview: {
    select: {rows: 'rows'},
    prepare: ({rows}: {rows?: Array<{cells?: string[]}>}) => ({
      title: Array.isArray(rows) && rows[0]?.cells ? rows[0].cells.join(' | ') : 'Table',
      subtitle: `Table, ${Array.isArray(rows) ? rows.length : 0} rows`,
    }),
  },
})

export const embed = defineType({
  name: 'embed',
  title: 'Embed',
  type: 'object',
  description: `An iframe, shown sandboxed: a demo of the site (${EMBED_LOCAL_PREFIX}…) or a page of ${EMBED_HOSTS.join(', ')} or of the site settings' Embedded sites.`,
  fields: [
    defineField({
      name: 'url',
      type: 'string',
      validation: (rule) =>
        rule.required().custom(async (value, context) => {
          if (typeof value !== 'string') return true
          if (embedUrlProblem(value) === null) return true
          const hosts = await context.getClient({apiVersion: SANITY_API_VERSION}).fetch<string[] | null>('*[_id == "siteSettings"][0].embedHosts')
          return embedUrlProblem(value, hosts ?? []) ?? true
        }),
    }),
    defineField({name: 'title', type: 'string', validation: (rule) => rule.required()}),
    defineField({name: 'height', type: 'number', initialValue: 500, validation: (rule) => rule.min(100).max(1200)}),
    defineField({name: 'sourceUrl', title: 'Link to the source code', type: 'url'}),
  ],
  preview: {select: {title: 'title', subtitle: 'url'}},
})

/** Content shown inside kept markup, at its marker (rawHtmlSlotMarker(n)). */
const htmlSlotMember = defineArrayMember({
  type: 'object',
  name: 'htmlSlot',
  title: 'Slot',
  fields: [defineField({name: 'body', title: 'Content', type: 'nestedRichText'})],
  preview: {select: {body: 'body'}, prepare: ({body}) => ({title: `Slot, ${Array.isArray(body) ? body.length : 0} blocks`})},
})

export const rawHtml = defineType({
  name: 'rawHtml',
  title: 'HTML',
  type: 'object',
  description: 'HTML kept from an imported page. The site keeps only safe tags and attributes.',
  fields: [
    defineField({
      name: 'html',
      type: 'text',
      rows: 6,
      description: `${rawHtmlSlotMarker(0)}, ${rawHtmlSlotMarker(1)}… mark where the content of each slot below is shown.`,
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'slots',
      title: 'Content inside the HTML',
      description: 'What the page wrote between its tags (code, lists, paragraphs in a table cell), in the order of the markers.',
      type: 'array',
      of: [htmlSlotMember],
    }),
  ],
  preview: {select: {title: 'html'}},
})

export {RAW_HTML_SLOT_MARKERS, rawHtmlSlotMarker, SITE_COMPONENT_CONTENT_MARKER} from './site-component-marker'

export const siteComponent = defineType({
  name: 'siteComponent',
  title: 'Component of the imported site',
  type: 'object',
  description:
    "A component of the site's own (an MDX import such as PlanCard), as it rendered at import time. Its markup is kept as rendered (the site keeps only safe tags and attributes); the content inside it is editable.",
  fields: [
    defineField({name: 'name', title: 'Component', type: 'string', readOnly: true, validation: (rule) => rule.required()}),
    defineField({
      name: 'markup',
      type: 'text',
      rows: 6,
      readOnly: true,
      description: `The rendered HTML; ${SITE_COMPONENT_CONTENT_MARKER} marks where the content below is shown.`,
      validation: (rule) => rule.required(),
    }),
    defineField({name: 'body', title: 'Content', type: 'nestedRichText'}),
    defineField({
      name: 'slots',
      title: 'Content given to it',
      description: `What the page gave the component to show (a description in a prop), shown at ${rawHtmlSlotMarker(0)}, ${rawHtmlSlotMarker(1)}… of its markup.`,
      type: 'array',
      of: [htmlSlotMember],
    }),
  ],
  preview: {select: {title: 'name'}, prepare: ({title}) => ({title: `<${title}>`, subtitle: 'Component of the imported site'})},
})

export const readMore = defineType({
  name: 'readMore',
  title: 'Read more break',
  type: 'object',
  description: 'Blog lists show the post up to this point.',
  fields: [
    defineField({name: 'label', type: 'string', hidden: true, initialValue: 'truncate'}),
    defineField({
      name: 'withinParagraph',
      title: 'Inside a paragraph',
      type: 'boolean',
      description: 'The break stands inside a paragraph: on the post’s page, the text blocks before and after it are one paragraph.',
    }),
  ],
  preview: {select: {within: 'withinParagraph'}, prepare: ({within}) => ({title: within ? '— Read more (inside a paragraph) —' : '— Read more —'})},
})

export const unconverted = defineType({
  name: 'unconverted',
  title: 'Not converted',
  type: 'object',
  description: 'Source the importer could not convert, kept verbatim. Rewrite it with other blocks, then delete this one.',
  fields: [
    defineField({name: 'source', type: 'text', rows: 6, readOnly: true}),
    defineField({name: 'reason', type: 'string', readOnly: true}),
    defineField({name: 'location', type: 'string', readOnly: true, description: 'file:line of the original'}),
  ],
  validation: (rule) => rule.custom(() => 'Content that was not converted: rewrite it, then delete this block').warning(),
  preview: {select: {title: 'reason', subtitle: 'location'}},
})
