/**
 * Home page sections from the front matter of src/pages/index.md: `sections` is a list of
 * `{type: hero | features | code | latestPosts | sponsors, …}`; the code section's examples are the
 * fenced code blocks of the body, in order. Without `sections` (a Docusaurus markdown home), the body
 * itself is read into sections.
 */
import {blogBasePath, DEFAULT_BLOG_PATH, documentId} from '@site/schemas/model'
import type {DiagnosticLog} from '../diagnostics'
import {isRecord} from '../front-matter'
import type {CodeBlock} from '../portable-text'
import {convertBody, convertEntry, type BuildEnvironment} from './documents'
import type {ImportedHomePage, SanityDocument} from './sanity-document'
import type {MarkdownEntry} from './entries'
import type {SiteConfig} from './site-config'

type Section = Record<string, unknown> & {_type: string}

const SECTION_FIELDS: Record<string, {type: string; fields: Record<string, 'string' | 'number' | 'list' | 'object'>}> = {
  hero: {type: 'homeHero', fields: {title: 'string', tagline: 'string', actions: 'list'}},
  features: {type: 'homeFeatures', fields: {title: 'string', items: 'list'}},
  code: {type: 'homeCode', fields: {title: 'string', text: 'string'}},
  latestPosts: {type: 'homeLatestPosts', fields: {title: 'string', count: 'number'}},
  sponsors: {type: 'homeSponsors', fields: {title: 'string', text: 'string', sponsors: 'list', cta: 'object'}},
}

export function buildHomeSections(entry: MarkdownEntry, env: BuildEnvironment): Section[] {
  const {log} = env
  const file = entry.file.path
  const line = entry.frontMatter.lineOf('sections')
  const raw = entry.frontMatter.data.sections
  if (raw === undefined) return sectionsOfMarkdownHome(entry, env)
  if (!Array.isArray(raw)) {
    log.error({
      file,
      line,
      field: 'sections',
      message: `expected a list of sections ({type: ${Object.keys(SECTION_FIELDS).join(' | ')}, …}), got ${JSON.stringify(raw)}`,
    })
    return []
  }
  const body = convertBody(entry, env)
  const examples = body.filter((block): block is CodeBlock => block._type === 'codeBlock')
  const sections: Section[] = []
  raw.forEach((item, index) => {
    const where = `sections[${index}]`
    if (!isRecord(item) || typeof item.type !== 'string' || !SECTION_FIELDS[item.type]) {
      log.error({
        file,
        line,
        field: `${where}.type`,
        message: `expected one of ${Object.keys(SECTION_FIELDS).join(', ')}, got ${JSON.stringify(isRecord(item) ? item.type : item)}`,
      })
      return
    }
    const spec = SECTION_FIELDS[item.type]
    if (!spec) return
    const section: Section = {_type: spec.type}
    for (const [name, value] of Object.entries(item)) {
      if (name === 'type') continue
      const kind = spec.fields[name]
      if (!kind) {
        log.warn({file, line, field: `${where}.${name}`, message: `not a field of a ${item.type} section; ignored`})
        continue
      }
      if (!fits(kind, value)) {
        log.error({
          file,
          line,
          field: `${where}.${name}`,
          message: `expected ${kind === 'list' ? 'a list' : kind === 'object' ? 'a set of fields' : kind}, got ${JSON.stringify(value)}`,
        })
        continue
      }
      section[name] = convertField(item.type, name, value, entry, env, `${where}.${name}`, line)
    }
    if (item.type === 'hero' && typeof section.title !== 'string') {
      log.error({file, line, field: `${where}.title`, message: 'is required'})
    }
    if (item.type === 'code') section.examples = examples
    sections.push(section)
  })
  return sections
}

/**
 * A Docusaurus markdown home page (src/pages/index.md with no `sections`): its body read as the
 * rendered React homes are, in page order: its title as the hero (the paragraph after it as the
 * tagline, a paragraph of links only as the calls to action), the rest as features, code and text.
 */
function sectionsOfMarkdownHome(entry: MarkdownEntry, env: BuildEnvironment): Section[] {
  const converted = convertEntry(entry, env)
  const title = converted.contentTitle ?? (typeof entry.frontMatter.data.title === 'string' ? entry.frontMatter.data.title : undefined)
  const heading = title
    ? [{_type: 'block', _key: 'home-title', style: 'h1', markDefs: [], children: [{_type: 'span', _key: 'home-title-text', text: title, marks: []}]}]
    : []
  const {sections, leftOut} = homeSectionsFromBody([...heading, ...converted.blocks] as BodyBlock[])
  if (leftOut > 0)
    env.log.warn({
      file: entry.file.path,
      message: `${leftOut} ${leftOut === 1 ? 'block' : 'blocks'} before the home page's title or beside its features (logo, icons) left out: review it in the studio (Home page)`,
    })
  return sections as Section[]
}

function fits(kind: 'string' | 'number' | 'list' | 'object', value: unknown): boolean {
  if (kind === 'list') return Array.isArray(value)
  if (kind === 'object') return isRecord(value)
  return typeof value === kind
}

function convertField(sectionType: string, name: string, value: unknown, entry: MarkdownEntry, env: BuildEnvironment, where: string, line: number): unknown {
  const log: DiagnosticLog = env.log
  const file = entry.file.path
  const records = (list: unknown[], required: string[], type: string, allowed: string[]) =>
    list.flatMap((item, index) => {
      if (!isRecord(item)) {
        log.error({file, line, field: `${where}[${index}]`, message: `expected {${allowed.join(', ')}}`})
        return []
      }
      const missing = required.filter((field) => typeof item[field] !== 'string')
      if (missing.length > 0) {
        log.error({file, line, field: `${where}[${index}].${missing[0]}`, message: 'is required'})
        return []
      }
      const picked: Record<string, unknown> = {_type: type}
      for (const field of allowed) if (item[field] !== undefined) picked[field] = item[field]
      return [picked]
    })
  if (sectionType === 'hero' && name === 'actions') return records(value as unknown[], ['label', 'href'], 'callToAction', ['label', 'href'])
  if (sectionType === 'features' && name === 'items') return records(value as unknown[], ['title'], 'feature', ['title', 'text', 'href'])
  if (sectionType === 'sponsors' && name === 'sponsors') {
    return records(value as unknown[], ['name'], 'sponsor', ['name', 'url', 'logo']).map((sponsor) => {
      if (typeof sponsor.logo !== 'string') return sponsor
      const logo = env.assets.image(sponsor.logo, file)
      const {logo: _path, ...rest} = sponsor
      if ('problem' in logo) {
        log.warn({file, line, field: `${where}.logo`, message: logo.problem})
        return rest
      }
      // A logo on another site stays there, as a remote image does in a doc.
      return 'url' in logo ? {...rest, logoUrl: logo.url} : {...sponsor, logo}
    })
  }
  if (sectionType === 'sponsors' && name === 'cta' && isRecord(value)) {
    return {label: value.label, href: value.href}
  }
  return value
}

/**
 * A home page for a site whose home is a React page (src/pages/index.js), which cannot be imported:
 * made of what the config gives, the title, the tagline and a hero whose calls to action are the
 * navbar's first doc link and the blog, for editors to complete in the studio.
 */
export function homePageFromConfig(site: SiteConfig, docsHref: string | undefined, hasBlog: boolean): SanityDocument {
  const title = typeof site.config.title === 'string' ? site.config.title : ''
  const tagline = typeof site.config.tagline === 'string' ? site.config.tagline : undefined
  const actions = [
    ...(docsHref ? [{_type: 'callToAction', label: 'Get started', href: docsHref}] : []),
    ...(hasBlog ? [{_type: 'callToAction', label: 'Blog', href: blogBasePath(site.blogPath ?? DEFAULT_BLOG_PATH) || '/'}] : []),
  ]
  return {
    _id: documentId('homePage', site.defaultLocale),
    _type: 'homePage',
    language: site.defaultLocale,
    title,
    ...(tagline ? {description: tagline} : {}),
    sections: [{_type: 'homeHero', title, ...(tagline ? {tagline} : {}), ...(actions.length > 0 ? {actions} : {})}],
    sourcePath: 'src/pages/index.js',
  } satisfies ImportedHomePage
}

interface BodyBlock {
  _type: string
  style?: string
  children?: Array<{_type: string; text?: string; marks?: string[]}>
  markDefs?: Array<{_key: string; _type: string; href?: string}>
  code?: string
  language?: string
}

const textOf = (block: BodyBlock) =>
  (block.children ?? [])
    .map((child) => child.text ?? '')
    .join('')
    .replace(/\s+/g, ' ')
    .trim()

/** The links of a block, with the text they cover. */
function linksOf(block: BodyBlock): Array<{label: string; href: string}> {
  const links: Array<{label: string; href: string}> = []
  for (const markDef of block.markDefs ?? []) {
    if (markDef._type !== 'link' || !markDef.href) continue
    const label = (block.children ?? [])
      .filter((child) => child.marks?.includes(markDef._key))
      .map((child) => child.text ?? '')
      .join('')
      .trim()
    if (label) links.push({label, href: markDef.href})
  }
  return links
}

/**
 * The sections of a home page from the body of a rendered React home page, read the way home pages
 * are laid out: the first heading, the paragraph after it and the links that follow make the hero;
 * then the page is cut at its headings. Two or more headings in a row that each lead one paragraph
 * are features (an image just before each is its icon, left out); a heading over linked logos is the
 * sponsors (with a one-link paragraph after them as the call to action); a heading over code blocks
 * only is a code section; anything else is a text section under its heading, kept as it is. Only what
 * comes before the first heading and the features' icons are left out (counted, for the report).
 */
export function homeSectionsFromBody(blocks: readonly BodyBlock[]): {sections: Record<string, unknown>[]; leftOut: number} {
  let index = blocks.findIndex(isHeading)
  if (index === -1) return {sections: [], leftOut: blocks.length}
  let leftOut = index
  const heroTitle = textOf(blocks[index] as BodyBlock)
  index++
  let tagline: string | undefined
  const actions: Array<{_type: string; label: string; href: string}> = []
  const afterHero: BodyBlock[] = []
  while (index < blocks.length && !isHeading(blocks[index] as BodyBlock)) {
    const block = blocks[index] as BodyBlock
    const text = isParagraph(block) ? textOf(block) : ''
    if (actions.length === 0 && isParagraph(block) && isLinksOnly(block)) {
      for (const link of linksOf(block).slice(0, 3)) actions.push({_type: 'callToAction', ...link})
    } else if (text && tagline === undefined && actions.length === 0) {
      tagline = text
    } else {
      afterHero.push(block)
    }
    index++
  }
  // The page after the hero, cut at its headings.
  const runs: Array<{heading: BodyBlock | null; body: BodyBlock[]}> = [{heading: null, body: afterHero}]
  for (; index < blocks.length; index++) {
    const block = blocks[index] as BodyBlock
    if (isHeading(block)) runs.push({heading: block, body: []})
    else runs.at(-1)?.body.push(block)
  }
  // A feature's icon sits just before its heading, at the end of the run before it.
  const leadsFeature = (run: {heading: BodyBlock | null; body: BodyBlock[]} | undefined) =>
    Boolean(run?.heading && textOf(run.heading) && run.body[0] && isParagraph(run.body[0]) && textOf(run.body[0]) && !isLinksOnly(run.body[0]))
  for (const [position, run] of runs.entries()) {
    // Only before a heading of a row of features (one beside another candidate), not before a lone one.
    if (!leadsFeature(runs[position + 1]) || !(leadsFeature(run) || leadsFeature(runs[position + 2]))) continue
    while (run.body.length > 0 && isPlainImage(run.body.at(-1) as BodyBlock)) {
      run.body.pop()
      leftOut++
    }
  }

  const sections: Record<string, unknown>[] = [{_type: 'homeHero', title: heroTitle, ...(tagline ? {tagline} : {}), ...(actions.length > 0 ? {actions} : {})}]
  const addText = (heading: BodyBlock | null, body: BodyBlock[]) => {
    const title = heading ? textOf(heading) : undefined
    if (body.length === 0 && !title) return
    // A heading of level 3 or more (a part of the section above it, as the page drew it) keeps that rank.
    const titled = title ? {title, ...(headingLevel(heading) >= 3 ? {titleLevel: 3} : {})} : {}
    if (body.length > 0 && body.every((block) => block._type === 'codeBlock')) sections.push({_type: 'homeCode', ...titled, examples: body})
    else sections.push({_type: 'homeText', ...titled, ...(body.length > 0 ? {body} : {})})
  }
  for (let position = 0; position < runs.length; position++) {
    const run = runs[position] as {heading: BodyBlock | null; body: BodyBlock[]}
    const title = run.heading ? textOf(run.heading) : undefined
    // Features: two or more headings in a row, each leading a paragraph; the last one's other blocks follow as text.
    let end = position
    while (leadsFeature(runs[end]) && (end === position || (runs[end - 1]?.body.length ?? 0) === 1)) end++
    if (end - position >= 2) {
      const group = runs.slice(position, end)
      sections.push({
        _type: 'homeFeatures',
        items: group.map((member) => {
          const link = linksOf(member.heading as BodyBlock)[0]
          return {_type: 'feature', title: textOf(member.heading as BodyBlock), text: textOf(member.body[0] as BodyBlock), ...(link ? {href: link.href} : {})}
        }),
      })
      addText(null, group.at(-1)?.body.slice(1) ?? [])
      position = end - 1
      continue
    }
    const sponsors = sponsorsOf(run.body)
    if (title && sponsors) {
      sections.push({_type: 'homeSponsors', title, sponsors: sponsors.sponsors, ...(sponsors.cta ? {cta: sponsors.cta} : {})})
      addText(null, sponsors.rest)
      continue
    }
    addText(run.heading, run.body)
  }
  return {sections, leftOut}
}

function isHeading(block: BodyBlock): boolean {
  return block._type === 'block' && /^h[1-6]$/.test(block.style ?? '')
}

/** A heading block's level (2 for `h2`); 0 for no heading. */
function headingLevel(block: BodyBlock | null): number {
  return block && isHeading(block) ? Number((block.style ?? '').slice(1)) : 0
}

/** A paragraph, or a line of elements outside any (the buttons of a hero, drawn in a <div>). */
function isParagraph(block: BodyBlock): boolean {
  return block._type === 'block' && ['normal', 'line'].includes(block.style ?? 'normal') && !('listItem' in block && block.listItem)
}

/** A paragraph that is nothing but links (calls to action). */
function isLinksOnly(block: BodyBlock): boolean {
  const links = linksOf(block)
  return (
    links.length > 0 &&
    links
      .map((link) => link.label)
      .join('')
      .replace(/\s+/g, '') === textOf(block).replace(/\s+/g, '')
  )
}

/** An image that leads nowhere: an icon or an illustration. */
function isPlainImage(block: BodyBlock): boolean {
  return block._type === 'themedImage' && !(block as {href?: string}).href
}

interface SponsorsRead {
  sponsors: Array<Record<string, unknown>>
  cta?: {label: string; href: string}
  rest: BodyBlock[]
}

/** Linked logos (two or more, to other sites) at the start of a run, then perhaps a one-link call to action. */
function sponsorsOf(body: readonly BodyBlock[]): SponsorsRead | null {
  const sponsors: Array<Record<string, unknown>> = []
  let index = 0
  for (; index < body.length; index++) {
    const block = body[index] as BodyBlock & {href?: string; alt?: string; light?: unknown; lightUrl?: string}
    if (block._type !== 'themedImage' || !block.href || !/^https?:\/\//.test(block.href)) break
    sponsors.push({
      _type: 'sponsor',
      name: block.alt?.trim() || new URL(block.href).hostname,
      url: block.href,
      ...(block.light ? {logo: block.light} : block.lightUrl ? {logoUrl: block.lightUrl} : {}),
    })
  }
  if (sponsors.length < 2) return null
  const next = body[index]
  const link = next && isParagraph(next) && isLinksOnly(next) ? linksOf(next) : []
  if (link.length === 1 && link[0]) return {sponsors, cta: link[0], rest: body.slice(index + 1)}
  return {sponsors, rest: body.slice(index)}
}
