/**
 * The site's look: one document, id "theme". Its colours per colour mode, fonts and code size, the
 * fonts it loads, and the rules of the site's own classes that draw an icon or set colours. A field
 * left empty keeps the site's own design; without the document the site has its own design throughout.
 * The importer fills it from a Docusaurus site's custom CSS (Infima's variables).
 */
import {defineArrayMember, defineField, defineType, type CustomValidator, type Rule} from '@sanity/types'
import {isColour, parseColour} from '../theme/colour'
import {
  CLASS_RULE_PROPERTIES,
  CLASS_SELECTOR,
  declarationProblem,
  FONT_FORMATS,
  fontFaceProblems,
  fontServiceOf,
  FONT_SERVICES,
  isFontFamilyList,
  isFontSize,
  isSitePath,
} from '../theme/css-safety'
import {type ColourMode, type Palette, PALETTE_FIELDS, paletteContrastProblems, SITE_PALETTE} from '../theme/palette'

export {THEME_ID} from '../theme'

const colourValue: CustomValidator<string | undefined> = (value) => {
  if (value === undefined || value === '') return true
  return isColour(value) ? true : `"${String(value)}" is not a colour: write it as #rrggbb, rgb(…), hsl(…) or a colour name`
}

/** The contrast warnings of a mode that concern this field (text on the primary colour, links on the background). */
const contrastOfField: CustomValidator<string | undefined> = (_value, context) => {
  const [mode, field] = context.path ?? []
  if ((mode !== 'light' && mode !== 'dark') || typeof field !== 'string') return true
  const palette = (context.parent ?? {}) as Palette
  const problem = paletteContrastProblems(palette, mode).find((candidate) => candidate.field === field)
  return problem ? problem.message : true
}

/** A CSS colour; the studio edits it with a swatch and a colour picker. */
export const themeColour = defineType({
  name: 'themeColour',
  title: 'Colour',
  type: 'string',
  validation: (rule) => rule.custom(colourValue),
})

function paletteType(mode: ColourMode) {
  return defineType({
    name: mode === 'light' ? 'themePaletteLight' : 'themePaletteDark',
    title: mode === 'light' ? 'Light mode colours' : 'Dark mode colours',
    type: 'object',
    options: {collapsible: true, collapsed: false},
    fields: PALETTE_FIELDS.map((field) =>
      defineField({
        name: field.name,
        title: field.title,
        type: 'themeColour',
        description: `${'description' in field ? `${field.description} ` : ''}Empty: ${SITE_PALETTE[mode][field.name]} (the site's own). Infima: ${field.variable}.`,
        // The field's rules replace the type's: the colour check is repeated here.
        validation: (rule: Rule) => [rule.custom(colourValue), rule.custom(contrastOfField).warning()],
      }),
    ),
  })
}

export const themePaletteLight = paletteType('light')
export const themePaletteDark = paletteType('dark')

export const themeFontFace = defineType({
  name: 'themeFontFace',
  title: 'Font file',
  type: 'object',
  fields: [
    defineField({name: 'family', type: 'string', description: 'The name the font families above use.', validation: (rule) => rule.required()}),
    defineField({
      name: 'sources',
      title: 'Files',
      type: 'array',
      of: [
        defineArrayMember({
          name: 'themeFontSource',
          type: 'object',
          fields: [
            defineField({
              name: 'url',
              title: 'Site path',
              type: 'string',
              description: 'A file of the site: /fonts/inter.woff2',
              validation: (rule) =>
                rule.required().custom((value) => (typeof value === 'string' && isSitePath(value) ? true : 'a path of the site, starting with /')),
            }),
            defineField({name: 'format', type: 'string', options: {list: [...FONT_FORMATS]}}),
          ],
          preview: {select: {title: 'url', subtitle: 'format'}},
        }),
      ],
      validation: (rule) => rule.required().min(1),
    }),
    defineField({name: 'weight', type: 'string', description: '400, bold, or a range: 100 900'}),
    defineField({name: 'style', type: 'string', options: {list: ['normal', 'italic', 'oblique']}}),
    defineField({name: 'display', type: 'string', options: {list: ['auto', 'block', 'swap', 'fallback', 'optional']}}),
    defineField({name: 'unicodeRange', title: 'Unicode range', type: 'string'}),
  ],
  validation: (rule) =>
    rule.custom((value) => {
      const problems = fontFaceProblems(value ?? {})
      return problems.length > 0 ? problems.join('; ') : true
    }),
  preview: {
    select: {title: 'family', weight: 'weight', style: 'style'},
    prepare: ({title, weight, style}: {title?: string; weight?: string; style?: string}) => ({title, subtitle: [weight, style].filter(Boolean).join(' ')}),
  },
})

export const themeClassRule = defineType({
  name: 'themeClassRule',
  title: 'Class rule',
  type: 'object',
  description: 'A rule of the site’s CSS for a class its navbar, footer or pages use: only what draws an icon or sets colours and sizes.',
  fields: [
    defineField({
      name: 'selector',
      type: 'string',
      description: ".class, a.class:hover, .class::before, optionally after [data-theme='dark'] ",
      validation: (rule) =>
        rule
          .required()
          .custom((value) =>
            typeof value === 'string' && CLASS_SELECTOR.test(value)
              ? true
              : "one or more classes, optionally after an element name and [data-theme='dark'] or [data-theme='light'], with :hover, :focus or :active and ::before or ::after",
          ),
    }),
    defineField({
      name: 'declarations',
      type: 'array',
      of: [
        defineArrayMember({
          name: 'themeDeclaration',
          type: 'object',
          fields: [
            defineField({name: 'property', type: 'string', options: {list: [...CLASS_RULE_PROPERTIES]}, validation: (rule) => rule.required()}),
            defineField({name: 'value', type: 'string', validation: (rule) => rule.required()}),
          ],
          preview: {
            select: {property: 'property', value: 'value'},
            prepare: ({property, value}: {property?: string; value?: string}) => ({title: `${property ?? ''}: ${(value ?? '').slice(0, 80)}`}),
          },
        }),
      ],
      validation: (rule) =>
        rule.custom((value, context) => {
          const selector = (context.parent as {selector?: string} | undefined)?.selector ?? ''
          for (const declaration of (value ?? []) as Array<{property?: string; value?: string}>) {
            if (!declaration.property || !declaration.value) continue
            const problem = declarationProblem(selector, declaration.property, declaration.value)
            if (problem) return `${declaration.property}: ${problem}`
          }
          return true
        }),
    }),
    defineField({name: 'source', type: 'string', readOnly: true, description: 'Where the importer read it (file:line).'}),
  ],
  preview: {select: {title: 'selector', subtitle: 'source'}},
})

export const theme = defineType({
  name: 'theme',
  title: 'Theme',
  type: 'document',
  groups: [
    {name: 'light', title: 'Light mode', default: true},
    {name: 'dark', title: 'Dark mode'},
    {name: 'type', title: 'Fonts'},
    {name: 'classes', title: 'Site classes'},
  ],
  fields: [
    defineField({name: 'light', title: 'Light mode', type: 'themePaletteLight', group: 'light'}),
    defineField({name: 'dark', title: 'Dark mode', type: 'themePaletteDark', group: 'dark'}),
    defineField({
      name: 'footerStyle',
      title: 'Footer style',
      type: 'string',
      group: ['light', 'dark'],
      options: {list: ['light', 'dark'], layout: 'radio', direction: 'horizontal'},
      description: 'Docusaurus’s footer.style: a dark footer keeps its dark colours in light mode.',
    }),
    defineField({
      name: 'fonts',
      type: 'object',
      group: 'type',
      fields: (['base', 'headings', 'monospace'] as const).map((name) =>
        defineField({
          name,
          title: {base: 'Text', headings: 'Headings', monospace: 'Code'}[name],
          type: 'string',
          description: 'A font-family list: "Public Sans", Helvetica, sans-serif. Empty: the site’s own.',
          validation: (rule) =>
            rule.custom((value) => (!value || isFontFamilyList(String(value)) ? true : 'font names separated by commas, quoted when they hold spaces')),
        }),
      ),
    }),
    defineField({
      name: 'codeFontSize',
      title: 'Code font size',
      type: 'string',
      group: 'type',
      description: 'Relative to the text around it: 95%, 0.875em. Empty: 90%.',
      validation: (rule) => rule.custom((value) => (!value || isFontSize(String(value)) ? true : 'a size such as 95%, 0.9em or 14px')),
    }),
    defineField({
      name: 'fontStylesheets',
      title: 'Font service stylesheets',
      type: 'array',
      group: 'type',
      description: `Stylesheets of a font service the pages load (${Object.keys(FONT_SERVICES).join(', ')}).`,
      of: [
        defineArrayMember({
          type: 'string',
          validation: (rule) =>
            rule.custom((value) =>
              typeof value === 'string' && fontServiceOf(value)
                ? true
                : `an https address of a font service's stylesheet (${Object.keys(FONT_SERVICES).join(', ')})`,
            ),
        }),
      ],
    }),
    defineField({name: 'fontFaces', title: 'Font files of the site', type: 'array', group: 'type', of: [defineArrayMember({type: 'themeFontFace'})]}),
    defineField({name: 'classRules', title: 'Rules of the site’s classes', type: 'array', group: 'classes', of: [defineArrayMember({type: 'themeClassRule'})]}),
    defineField({
      name: 'importedFrom',
      title: 'Imported from',
      type: 'array',
      group: 'classes',
      readOnly: true,
      description: 'The site’s CSS files the importer read.',
      of: [defineArrayMember({type: 'string'})],
    }),
  ],
  preview: {
    select: {primary: 'light.primary'},
    prepare: ({primary}: {primary?: string}) => ({
      title: 'Theme',
      subtitle: primary ? `Primary ${primary}${parseColour(primary) ? '' : ' (not a colour)'}` : 'The site’s own colours',
    }),
  },
})
