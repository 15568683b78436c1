/**
 * The theme document from a Docusaurus site's custom CSS (the classic theme's `customCss`, .css or
 * .scss/.sass) and its `stylesheets`: Infima's variables as the site sets them, computed in light and
 * dark mode on the elements they colour (root, navbar, footer, links, buttons, code, headings), the
 * fonts it loads, and the rules of its own classes that draw an icon or set colours. What cannot be
 * carried over is reported rule by rule; colours that fail WCAG AA are reported with their ratio.
 */
import {existsSync} from 'node:fs'
import path from 'node:path'
import {THEME_ID} from '@site/schemas/theme'
import {
  type ColourMode,
  type FontFaceValue,
  fontFaceProblems,
  FONT_SERVICES,
  fontServiceOf,
  isFontFamilyList,
  isFontSize,
  type Palette,
  type PaletteField,
  PALETTE_FIELDS,
  paletteContrastProblems,
  parseColour,
  type Rgba,
} from '@site/schemas/theme'
import type {DiagnosticLog} from '../../diagnostics'
import {isRecord} from '../../front-matter'
import type {SanityDocument} from '../sanity-document'
import type {AssetStore} from '../resolvers'
import {asList, type ConfigRecord, type SiteConfig, staticDirsOf} from '../site-config'
import {Cascade, type Computed} from './cascade'
import {carryClassRules, classesUsed, type UrlResolver} from './class-rules'
import {INFIMA_DEFAULTS} from './infima'
import type {Probe} from './selectors'
import {type Declaration, type FontFaceRule, StylesheetReader, type StyleRule} from './stylesheets'

/** A custom element's name (a hyphen in it), as a selector alone. */
const CUSTOM_ELEMENT = /^[a-z][a-z0-9]*-[a-z0-9-]*$/
const hides = (declaration: Declaration) =>
  (declaration.property === 'display' && declaration.value.trim() === 'none') ||
  (declaration.property === 'visibility' && declaration.value.trim() === 'hidden')

/** The files of the classic theme's `customCss` (the preset's `theme` option, or theme-classic's own options). */
export function customCssFiles(config: ConfigRecord): string[] {
  const fromOptions = (options: unknown): string[] | undefined => {
    const theme = isRecord(options) && isRecord(options.theme) ? options.theme : isRecord(options) && 'customCss' in options ? options : undefined
    if (!theme || theme.customCss === undefined) return undefined
    return (Array.isArray(theme.customCss) ? theme.customCss : [theme.customCss]).filter((entry): entry is string => typeof entry === 'string')
  }
  for (const preset of asList(config.presets)) {
    const files = fromOptions(Array.isArray(preset) ? preset[1] : undefined)
    if (files) return files
  }
  for (const theme of asList(config.themes)) {
    if (Array.isArray(theme) && typeof theme[0] === 'string' && theme[0].includes('theme-classic')) {
      const files = fromOptions(theme[1])
      if (files) return files
    }
  }
  return []
}

/** The `stylesheets` of the config: addresses, or `{href}` objects. */
function configStylesheets(config: ConfigRecord): string[] {
  return asList(config.stylesheets).flatMap((entry) =>
    typeof entry === 'string' ? [entry] : isRecord(entry) && typeof entry.href === 'string' ? [entry.href] : [],
  )
}

/** The elements of a Docusaurus page in one colour mode, as the classic theme marks them up. */
function pageProbes(mode: ColourMode, themeConfig: ConfigRecord) {
  const navbarConfig = isRecord(themeConfig.navbar) ? themeConfig.navbar : {}
  const footerConfig = isRecord(themeConfig.footer) ? themeConfig.footer : {}
  const html: Probe = {tag: 'html', classes: [], attributes: {'data-theme': mode, dir: 'ltr'}}
  const body: Probe = {tag: 'body', classes: [], parent: html}
  const root: Probe = {tag: 'div', classes: [], attributes: {id: '__docusaurus'}, parent: body}
  const navbarStyle = navbarConfig.style === 'dark' ? ['navbar--dark'] : navbarConfig.style === 'primary' ? ['navbar--primary'] : []
  const navbar: Probe = {tag: 'nav', classes: ['navbar', 'navbar--fixed-top', ...navbarStyle], parent: root}
  const navbarItems: Probe = {tag: 'div', classes: ['navbar__items'], parent: {tag: 'div', classes: ['navbar__inner'], parent: navbar}}
  const navbarLink: Probe = {tag: 'a', classes: ['navbar__item', 'navbar__link'], parent: navbarItems}
  const wrapper: Probe = {tag: 'div', classes: ['main-wrapper'], parent: root}
  const markdown: Probe = {
    tag: 'div',
    classes: ['theme-doc-markdown', 'markdown'],
    parent: {tag: 'article', classes: [], parent: {tag: 'main', classes: [], parent: wrapper}},
  }
  const paragraph: Probe = {tag: 'p', classes: [], parent: markdown}
  const footer: Probe = {tag: 'footer', classes: ['footer', ...(footerConfig.style === 'dark' ? ['footer--dark'] : [])], parent: root}
  const footerColumn: Probe = {
    tag: 'div',
    classes: ['col', 'footer__col'],
    parent: {tag: 'div', classes: ['row', 'footer__links'], parent: {tag: 'div', classes: ['container', 'container-fluid'], parent: footer}},
  }
  const footerLink: Probe = {
    tag: 'a',
    classes: ['footer__link-item'],
    parent: {tag: 'li', classes: ['footer__item'], parent: {tag: 'ul', classes: ['footer__items', 'clean-list'], parent: footerColumn}},
  }
  return {
    html,
    body,
    navbar,
    navbarLink,
    footer,
    footerLink,
    link: {tag: 'a', classes: [], parent: paragraph} satisfies Probe,
    button: {tag: 'a', classes: ['button', 'button--primary'], parent: paragraph} satisfies Probe,
    code: {tag: 'code', classes: [], parent: paragraph} satisfies Probe,
    heading: {tag: 'h1', classes: [], parent: markdown} satisfies Probe,
  }
}

/** The colour modes readers can see: both, unless the switch is hidden and the system's preference not followed. */
function reachableModes(themeConfig: ConfigRecord): ColourMode[] {
  const colorMode = isRecord(themeConfig.colorMode) ? themeConfig.colorMode : {}
  if (colorMode.disableSwitch !== true || colorMode.respectPrefersColorScheme === true) return ['light', 'dark']
  return [colorMode.defaultMode === 'dark' ? 'dark' : 'light']
}

function sameColour(a: Rgba | null, b: Rgba | null): boolean {
  if (!a || !b) return false
  return Math.abs(a.r - b.r) < 0.5 && Math.abs(a.g - b.g) < 0.5 && Math.abs(a.b - b.b) < 0.5 && Math.abs(a.a - b.a) < 0.002
}

/** Where each palette colour comes from in a mode: the computed value and the site's declaration that decided it. */
type ComputedPalette = Record<PaletteField, Computed | null>

function computePalette(cascade: Cascade, mode: ColourMode, themeConfig: ConfigRecord): ComputedPalette {
  const page = pageProbes(mode, themeConfig)
  const root = cascade.customProperties(page.html)
  const variable = (name: string) => root.get(name) ?? null
  // The body's own background or colour, when the site gives one, is what readers see over the root's.
  const painted = (property: string): Computed | null => {
    const body = cascade.property(page.body, property)
    const html = cascade.property(page.html, property)
    if (property === 'background-color' && body?.source && parseColour(body.value)?.a !== 0) return body
    if (property === 'color' && body?.source && body.source !== html?.source) return body
    return html
  }
  const background = painted('background-color')
  // Infima's light background is transparent: the page shows the browser's white canvas.
  const canvas = background && parseColour(background.value)?.a === 0 && mode === 'light' ? {...background, value: '#ffffff'} : background
  return {
    primary: variable('--ifm-color-primary'),
    primaryDark: variable('--ifm-color-primary-dark'),
    primaryDarker: variable('--ifm-color-primary-darker'),
    primaryDarkest: variable('--ifm-color-primary-darkest'),
    primaryLight: variable('--ifm-color-primary-light'),
    primaryLighter: variable('--ifm-color-primary-lighter'),
    primaryLightest: variable('--ifm-color-primary-lightest'),
    onPrimary: cascade.property(page.button, 'color'),
    link: cascade.property(page.link, 'color'),
    background: canvas,
    surface: variable('--ifm-background-surface-color'),
    text: painted('color'),
    navbarBackground: cascade.property(page.navbar, 'background-color'),
    navbarLink: cascade.property(page.navbarLink, 'color'),
    footerBackground: cascade.property(page.footer, 'background-color'),
    footerText: cascade.property(page.footer, 'color'),
    footerLink: cascade.property(page.footerLink, 'color'),
    highlightedLine: variable('--docusaurus-highlighted-code-line-bg'),
  }
}

/** Fields the site falls back on when the theme leaves them empty: stored only when they differ. */
const FOLLOWS: Partial<Record<PaletteField, PaletteField>> = {
  link: 'primary',
  navbarBackground: 'surface',
  navbarLink: 'text',
  footerText: 'text',
  footerLink: 'link',
}

export interface ThemeInput {
  contentDir: string
  site: SiteConfig
  /** The imported documents, for the classes their navbar items, footer items and pages use. */
  documents: readonly SanityDocument[]
  assets: AssetStore
  log: DiagnosticLog
}

export interface BuiltTheme {
  document: SanityDocument
  /** One line for the import's progress. */
  summary: string
}

/** The theme of a site with custom CSS; undefined for a site without (it keeps this site's design). */
export function buildTheme({contentDir, site, documents, assets, log}: ThemeInput): BuiltTheme | undefined {
  const {config, themeConfig, configFile} = site
  const cssFiles = customCssFiles(config)
  const stylesheets = configStylesheets(config)
  if (cssFiles.length === 0 && stylesheets.length === 0) return undefined
  const reader = new StylesheetReader({contentDir, log, configFile, field: 'theme.customCss'})
  reader.addDefaults(INFIMA_DEFAULTS)
  for (const file of cssFiles) reader.readFile(file)
  const remoteStylesheets: Array<{url: string; file: string; line?: number; field?: string}> = []
  for (const href of stylesheets) {
    if (/^(?:https?:)?\/\//i.test(href)) remoteStylesheets.push({url: href.startsWith('//') ? `https:${href}` : href, file: configFile, field: 'stylesheets'})
    else {
      // A stylesheet of the site's static folders, linked from every page by Docusaurus: read as the site's CSS.
      const found = staticDirsOf(site)
        .map((dir) => path.join(dir, href.replace(/^\/+/, '')))
        .find((candidate) => existsSync(path.join(contentDir, candidate)))
      if (found) reader.readFile(found)
      else log.warn({file: configFile, field: 'stylesheets', message: `${href}: no such file in the static folders; the site's look is imported without it`})
    }
  }
  const sheets = reader.result
  for (const entry of sheets.remoteImports) remoteStylesheets.push({url: entry.url, file: entry.at.file, line: entry.at.line})
  const cascade = new Cascade(sheets.rules)
  const consumed = new Set<Declaration>()
  const use = (value: Computed | null) => {
    for (const declaration of value?.uses ?? []) consumed.add(declaration)
    return value
  }

  // Colours of each mode; a value that is not a colour is reported once for the declaration that gave it.
  const palettes = {} as Record<ColourMode, {stored: Palette; computed: ComputedPalette}>
  const notColours = new Map<string, {value: Computed; variables: Set<string>; modes: Set<ColourMode>}>()
  for (const mode of ['light', 'dark'] as const) {
    const computed = computePalette(cascade, mode, themeConfig)
    const stored: Palette = {}
    for (const {name, variable} of PALETTE_FIELDS) {
      const value = use(computed[name])
      if (!value) continue
      const colour = parseColour(value.value)
      if (!colour) {
        const key = `${value.source ? `${value.source.at.file}:${value.source.at.line}` : ''} ${value.value}`
        const entry = notColours.get(key) ?? {value, variables: new Set<string>(), modes: new Set<ColourMode>()}
        entry.variables.add(variable)
        entry.modes.add(mode)
        notColours.set(key, entry)
        continue
      }
      const follows = FOLLOWS[name]
      if (follows && sameColour(colour, parseColour(computed[follows]?.value ?? ''))) continue
      stored[name] = value.value
    }
    palettes[mode] = {stored, computed}
  }
  for (const {value, variables, modes} of notColours.values()) {
    const where = value.source
    log.warn({
      file: where?.at.file ?? configFile,
      ...(where ? {line: where.at.line, field: where.property} : {}),
      message: `"${value.value}" is not a colour the theme can hold (${[...variables].join(', ')}, ${[...modes].join(' and ')} mode): the site's own colour is used`,
    })
  }

  // Fonts and code size: what the site sets, else the site's own here.
  const page = pageProbes('light', themeConfig)
  const fonts: Record<string, string> = {}
  const fontSource = (field: 'base' | 'headings' | 'monospace', value: Computed | null) => {
    if (!value?.source) return
    use(value)
    if (isFontFamilyList(value.value)) fonts[field] = value.value
    else
      log.warn({
        file: value.source.at.file,
        line: value.source.at.line,
        field: value.source.property,
        message: `"${value.value}" is not a list of font names the theme can hold; the site's own fonts are used`,
      })
  }
  const base = cascade.property(page.body, 'font-family')
  fontSource('base', base)
  const headings = cascade.property(page.heading, 'font-family')
  if (headings?.value !== base?.value) fontSource('headings', headings)
  else use(headings)
  fontSource('monospace', cascade.property(page.code, 'font-family'))
  let codeFontSize: string | undefined
  const codeSize = cascade.property(page.code, 'font-size')
  if (codeSize?.source) {
    use(codeSize)
    if (isFontSize(codeSize.value)) codeFontSize = codeSize.value
    else
      log.warn({
        file: codeSize.source.at.file,
        line: codeSize.source.at.line,
        field: codeSize.source.property,
        message: `"${codeSize.value}" is not a font size the theme can hold (95%, 0.9em, 14px); the site's own is used`,
      })
  }

  // Files the site's CSS names: fonts and icons of the site, never of another site.
  const resolveUrl =
    (what: 'font' | 'image'): UrlResolver =>
    (address, stylesheetFile) => {
      const clean = address.split(/[?#]/)[0] ?? ''
      if (/^(?:https?:)?\/\//i.test(address))
        return {problem: `${what === 'font' ? 'a font file' : 'an image'} of another site (${address}), which pages load only from the site`}
      if (/^[a-z][a-z0-9+.-]*:/i.test(address)) return {problem: `${address.slice(0, 40)}… is not a file of the site`}
      if (clean.startsWith('/')) return assets.isStaticPath(clean) ? {url: clean} : {problem: `${clean} is not a file of the site's static folders`}
      const served = assets.linkedFile(clean, stylesheetFile)
      return served ? {url: served} : {problem: `${clean} is not a file beside ${stylesheetFile}`}
    }
  const fontFaces = sheets.fontFaces.flatMap((rule) => fontFace(rule, contentDir, resolveUrl('font'), log))

  // Stylesheets of other sites: those of font services are loaded by every page, others reported.
  const fontStylesheets: string[] = []
  for (const entry of remoteStylesheets) {
    if (fontServiceOf(entry.url)) {
      if (!fontStylesheets.includes(entry.url)) fontStylesheets.push(entry.url)
      continue
    }
    const host = URL.canParse(entry.url) ? new URL(entry.url).host : entry.url
    log.warn({
      file: entry.file,
      ...(entry.line === undefined ? {} : {line: entry.line}),
      ...(entry.field ? {field: entry.field} : {}),
      message: `${entry.url}: a stylesheet of ${host}, which is not a font service: not loaded (pages load stylesheets of other sites only from font services: ${Object.keys(FONT_SERVICES).join(', ')})`,
    })
  }

  // Rules of the site's own classes.
  const used = classesUsed(documents)
  const lightRoot = cascade.customProperties(pageProbes('light', themeConfig).html)
  const darkRoot = cascade.customProperties(pageProbes('dark', themeConfig).html)
  const classes = carryClassRules({
    rules: sheets.rules,
    used,
    root: {light: lightRoot, dark: darkRoot},
    substitute: (value, lookup) => cascade.substitute(value, lookup),
    resolveUrl: resolveUrl('image'),
    stylesheetOf: (rule) => rule.at.file,
  })
  for (const declaration of classes.consumed) consumed.add(declaration)

  const reported = reportLeftOut(sheets.rules, consumed, classes.leftOut, used, log)
  for (const rule of sheets.otherAtRules)
    log.warn({
      file: rule.at.file,
      line: rule.at.line,
      message: `${rule.name}: not carried over (the theme holds colours, fonts and the rules of the site's classes)`,
    })

  // Colours that readers with low vision may not read, in the modes readers can see.
  for (const mode of reachableModes(themeConfig)) {
    const {stored, computed} = palettes[mode]
    for (const problem of paletteContrastProblems(stored, mode)) {
      const [text, under] = problem.compared
      const declared = computed[problem.field]?.source ?? computed[text]?.source ?? computed[under]?.source
      const colours = `${stored[text] ?? computed[text]?.value ?? ''} on ${stored[under] ?? computed[under]?.value ?? ''}`
      log.warn({
        file: declared?.at.file ?? configFile,
        ...(declared ? {line: declared.at.line, field: declared.property} : {}),
        message: `${problem.message} (${colours}): imported as the site has it; the studio shows it on the Theme until the colour is changed`,
      })
    }
  }

  const document: SanityDocument = {
    _id: THEME_ID,
    _type: 'theme',
    light: {_type: 'themePaletteLight', ...palettes.light.stored},
    dark: {_type: 'themePaletteDark', ...palettes.dark.stored},
    footerStyle: isRecord(themeConfig.footer) && themeConfig.footer.style === 'dark' ? 'dark' : 'light',
    ...(Object.keys(fonts).length > 0 ? {fonts} : {}),
    ...(codeFontSize ? {codeFontSize} : {}),
    ...(fontStylesheets.length > 0 ? {fontStylesheets} : {}),
    ...(fontFaces.length > 0 ? {fontFaces} : {}),
    ...(classes.kept.length > 0 ? {classRules: classes.kept} : {}),
    importedFrom: sheets.files,
  }
  const primary = (mode: ColourMode) => palettes[mode].stored.primary ?? 'the site’s own'
  return {
    document,
    summary: `theme: ${sheets.files.length} CSS ${sheets.files.length === 1 ? 'file' : 'files'} read; primary ${primary('light')} (light), ${primary('dark')} (dark); ${fontFaces.length} font ${fontFaces.length === 1 ? 'file' : 'files'}, ${fontStylesheets.length} font service ${fontStylesheets.length === 1 ? 'stylesheet' : 'stylesheets'}; ${classes.kept.length} class ${classes.kept.length === 1 ? 'rule' : 'rules'} carried over, ${reported} ${reported === 1 ? 'rule' : 'rules'} reported`,
  }
}

/** An @font-face rule of the site with its files served by the site, or nothing (reported). */
function fontFace(
  rule: FontFaceRule,
  contentDir: string,
  resolve: UrlResolver,
  log: DiagnosticLog,
): Array<FontFaceValue & {_type: 'themeFontFace'; sources: Array<{_type: 'themeFontSource'; url: string; format?: string}>}> {
  const get = (name: string) => rule.declarations.findLast((declaration) => declaration.property === name)?.value
  const family = (get('font-family') ?? '').replace(/^["']|["']$/g, '').trim()
  const stylesheet = path.relative(contentDir, rule.stylesheet).split(path.sep).join('/')
  const sources: Array<{_type: 'themeFontSource'; url: string; format?: string}> = []
  const problems: string[] = []
  for (const entry of splitTopLevel(get('src') ?? '')) {
    const url = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)/i.exec(entry)
    if (!url) continue
    const address = url[1] ?? url[2] ?? url[3] ?? ''
    const format = /format\(\s*["']?([\w-]+)["']?\s*\)/i.exec(entry)?.[1]
    const found = resolve(address, stylesheet)
    if ('problem' in found) problems.push(found.problem)
    else sources.push({_type: 'themeFontSource', url: found.url, ...(format ? {format} : {})})
  }
  const face = {
    _type: 'themeFontFace' as const,
    family,
    sources,
    ...(get('font-weight') ? {weight: get('font-weight')} : {}),
    ...(get('font-style') ? {style: get('font-style')} : {}),
    ...(get('font-display') ? {display: get('font-display')} : {}),
    ...(get('unicode-range') ? {unicodeRange: get('unicode-range')} : {}),
  }
  const invalid = sources.length > 0 ? fontFaceProblems(face) : []
  if (problems.length > 0 || invalid.length > 0 || sources.length === 0) {
    log.warn({
      file: rule.at.file,
      line: rule.at.line,
      message: `@font-face "${family}": ${sources.length > 0 && invalid.length === 0 ? 'carried over without ' : 'not carried over: '}${[...problems, ...invalid, ...(sources.length === 0 && problems.length === 0 ? ['it names no font file'] : [])].join('; ')}`,
    })
  }
  return sources.length > 0 && invalid.length === 0 ? [face] : []
}

function splitTopLevel(value: string): string[] {
  const parts: string[] = []
  let depth = 0
  let current = ''
  for (const char of value) {
    if (char === '(') depth++
    if (char === ')') depth--
    if (char === ',' && depth === 0) {
      parts.push(current.trim())
      current = ''
    } else current += char
  }
  if (current.trim()) parts.push(current.trim())
  return parts
}

/** Whether a rule only names the root (`:root`, `html`, `body`, `[data-theme='dark']`). */
function isRootRule(rule: StyleRule): boolean {
  const compounds = rule.parsed?.compounds ?? []
  return (
    compounds.length === 1 &&
    (compounds[0]?.parts ?? []).every(
      (part) =>
        (part.kind === 'type' && (part.name === 'html' || part.name === 'body')) ||
        (part.kind === 'pseudo-class' && part.name === 'root') ||
        (part.kind === 'attribute' && part.name === 'data-theme'),
    )
  )
}

/** Reports each rule of the site with declarations that reached neither the colours nor the class rules; returns how many. */
/** The properties of a rule of the site's classes that were left out, each with why. */
function whyLeftOut(notes: ReadonlyArray<{property: string; problem: string}>): string {
  const layout = notes.filter((note) => note.problem.startsWith(`${note.property} is not a property`))
  const others = notes.filter((note) => !layout.includes(note))
  return [
    ...(layout.length > 0
      ? [
          `${[...new Set(layout.map((note) => note.property))].join(', ')} (only what draws an icon or sets a colour or size is carried over for the site’s classes)`,
        ]
      : []),
    ...others.map((note) => (note.problem.startsWith(note.property) ? note.problem : `${note.property} (${note.problem})`)),
  ].join('; ')
}

function reportLeftOut(
  rules: readonly StyleRule[],
  consumed: ReadonlySet<Declaration>,
  notes: ReadonlyMap<number, Array<{property: string; problem: string}>>,
  used: ReadonlySet<string>,
  log: DiagnosticLog,
): number {
  const groups = new Map<number, StyleRule[]>()
  for (const rule of rules) if (rule.origin === 'site') groups.set(rule.order, [...(groups.get(rule.order) ?? []), rule])
  let count = 0
  for (const group of groups.values()) {
    const [first] = group
    if (!first) continue
    const left = first.declarations.filter((declaration) => !consumed.has(declaration))
    if (left.length === 0) continue
    count++
    const selectors = group.map((rule) => rule.selector).join(', ')
    const partial = left.length < first.declarations.length
    const names = [...new Set(left.map((declaration) => declaration.property))]
    const shown = names.length > 8 ? `${names.slice(0, 8).join(', ')} and ${names.length - 8} more` : names.join(', ')
    const classes = group
      .flatMap((rule) => rule.parsed?.compounds.flatMap((compound) => compound.parts) ?? [])
      .flatMap((part) => (part.kind === 'class' ? [part.name] : []))
    const unusedClasses = [...new Set(classes.filter((name) => !used.has(name)))]
    let reason: string
    if (first.conditions.length === 0 && group.every((rule) => CUSTOM_ELEMENT.test(rule.selector.trim())) && first.declarations.every(hides)) {
      // hidden-elements.ts reads the same rule for the conversion.
      log.warn({file: first.at.file, line: first.at.line, message: `${selectors}: it hides these elements, and the import leaves their text out of the pages`})
      continue
    }
    if (first.conditions.length > 0) reason = `it applies ${first.conditions.join(' ')} only, and the theme holds what applies on every screen`
    else if (group.some((rule) => !rule.parsed)) reason = 'its selector is not one the importer reads'
    else if (notes.has(first.order) && partial) {
      log.warn({file: first.at.file, line: first.at.line, message: `${selectors}: carried over without ${whyLeftOut(notes.get(first.order) ?? [])}`})
      continue
    } else if (notes.has(first.order)) reason = whyLeftOut(notes.get(first.order) ?? [])
    else if (group.every(isRootRule))
      reason =
        'variables and properties the theme has no place for (Infima variables of sizes and spacing, and the site’s own variables that only its other rules use)'
    else if (partial) reason = 'the theme has no place for them (it holds this element’s colours)'
    else if (unusedClasses.length > 0)
      reason = `it styles ${unusedClasses
        .slice(0, 4)
        .map((name) => `.${name}`)
        .join(
          ', ',
        )}${unusedClasses.length > 4 ? '…' : ''}, which no navbar item, footer item or page of the imported site uses (Docusaurus's own markup, or components of the site)`
    else
      reason =
        'it styles elements by their place or name (descendants, ids, tags), which this site lays out itself; only rules of the site’s own classes are carried over'
    log.warn({file: first.at.file, line: first.at.line, message: `${selectors}: ${partial ? `${shown} not carried over` : 'not carried over'}: ${reason}`})
  }
  return count
}
