/**
 * Turns a queried body into what the renderer shows: heading anchors allocated once per
 * document (shared with the table of contents), code highlighted, links put under the reader's
 * locale, image and file URLs derived from their assets, raw HTML sanitized, embeds checked
 * against the allowlist of @site/schemas. Bodies nest to any depth (tabs in tabs, admonitions in
 * details), and every nested body is prepared the same way.
 */
import {embedUrlProblem, isLinkLook, type AdmonitionKind} from '@site/schemas'
import {blockText, bodyHeadings} from '@site/schemas/search'
import type {Locale, LocaleTable} from '@site/schemas/model'
import {fileAssetUrl, imageAssetUrl} from '@site/content-source/assets'
import type {Translator} from '@site/schemas/i18n'
import {localizeHref} from '@site/schemas/routing'
import {buildToc} from './toc'
import {groupListItems} from './list-items'
import {numberFootnotes, type NoteBlock, type NumberedFootnotes} from './footnotes'
import {componentMarkupTree} from './component-markup'
import {highlightCode} from './highlight'
import {renderMath} from './math'
import {renderDiagram} from './mermaid'
import {responsiveSizesAttribute, responsiveSrcset} from './responsive-image'
import {inlinePlainText, mapInlineLeaves, parseCellMarkup, parseInlineMarkup, type InlineNode} from './inline-markup'
import {sanitizeInlineStyle, sanitizeRawHtml} from './sanitize'
import type {DocCard} from '../site/docs'
import type {
  BodyHeading,
  CodeLabels,
  ImageSource,
  NestedBlock,
  PreparedBlock,
  PreparedFootnoteRef,
  PreparedFootnotes,
  PreparedInlineImage,
  PreparedMarkDef,
  PreparedMathInline,
  PreparedAnchorTarget,
  PreparedSpan,
  PreparedTextBlock,
  RichBlock,
  RichBody,
  TextBlock,
} from './types'
import {DECORATORS, LIST_KINDS, TEXT_STYLES} from './types'

export interface PrepareContext {
  locale: Locale
  /** The site's locales: links of the body are put under the reader's locale (`localizeHref`). */
  locales: LocaleTable
  translator: Translator
  /** Names the document in build errors ("doc v4/rooms (fr)"). */
  document: string
  /** The pages of the doc's sidebar category, for `<DocCardList />` blocks (docs only). */
  categoryCards?: readonly DocCard[]
  /** The hosts the site settings allow embeds of, besides the built-in ones ("Embedded sites"). */
  embedHosts?: readonly string[]
}

export interface PreparedBody {
  blocks: PreparedBlock[]
  headings: BodyHeading[]
  /** Build errors found while preparing (refused embeds, types nothing renders); the page fails the build with them. */
  problems: string[]
}

// Shared with the search records, whose anchors must equal the rendered heading ids.
export {blockText, bodyHeadings}

/** The body up to its "read more" break, and whether there was one. */
export function truncateAtReadMore(body: RichBody | null | undefined): {blocks: RichBody; truncated: boolean} {
  const blocks = body ?? []
  const index = blocks.findIndex((block) => block._type === 'readMore')
  return index === -1 ? {blocks, truncated: false} : {blocks: blocks.slice(0, index), truncated: true}
}

export async function prepareBody(body: RichBody | null | undefined, context: PrepareContext): Promise<PreparedBody> {
  const blocks = joinParagraphsAroundBreak(body ?? [])
  const headings = bodyHeadings(blocks)
  const anchors = new Map(headings.map((heading) => [heading.key, heading.anchor]))
  const problems: string[] = []
  const labels: CodeLabels = {
    copy: context.translator.t('code.copy'),
    copied: context.translator.t('code.copied'),
    copyLabel: context.translator.t('code.copyLabel'),
  }
  const footnotes = numberFootnotes(blocks)
  for (const label of footnotes.withoutNote)
    console.warn(`${context.document}: the footnote "${label}" has no note (no footnote of that name gives one); it is not shown`)
  const blockContext: BlockContext = {...context, anchors, headings, problems, labels, footnotes}
  const prepared = await Promise.all(blocks.map((block) => prepareBlock(block, blockContext)))
  const grouped = groupListItems(blocks.map((raw, index) => ({raw, prepared: prepared[index] ?? []})))
  return {blocks: [...grouped, ...footnotesSection(blockContext)], headings, problems}
}

/**
 * The whole body as its page shows it: a "read more" break inside a paragraph (`withinParagraph`, where the import cut
 * `First lines. <!-- truncate --> More of it.` in two) joins the text blocks on either side again, one paragraph, as
 * Docusaurus shows the post. Blog lists cut the body at the break before this (truncateAtReadMore).
 */
function joinParagraphsAroundBreak(blocks: RichBody): RichBody {
  const joined: RichBlock[] = []
  for (let index = 0; index < blocks.length; index++) {
    const block = blocks[index]
    const before = joined.at(-1)
    const after = blocks[index + 1]
    if (
      block?._type === 'readMore' &&
      block.withinParagraph &&
      before?._type === 'block' &&
      after?._type === 'block' &&
      !before.listItem &&
      !after.listItem &&
      before.style === after.style
    ) {
      const markDefs = [...(before.markDefs ?? []), ...(after.markDefs ?? [])].filter(
        (mark, at, all) => all.findIndex((other) => other._key === mark._key) === at,
      )
      const space = {_type: 'span' as const, _key: `${block._key}-space`, text: ' ', marks: []}
      joined[joined.length - 1] = {...before, children: [...(before.children ?? []), space, ...(after.children ?? [])], markDefs}
      index++
      continue
    }
    if (block) joined.push(block)
  }
  return joined
}

/** The notes of the body's footnotes, after it: none when it has no footnote. */
function footnotesSection(context: BlockContext): PreparedFootnotes[] {
  const {notes} = context.footnotes
  if (notes.length === 0) return []
  const back = (reference: string) => context.translator.t('footnotes.back', {reference})
  return [
    {
      _type: 'footnotes',
      _key: 'footnotes',
      heading: context.translator.t('footnotes.heading'),
      headingId: 'footnote-label',
      notes: notes.map((note) => ({
        id: note.id,
        number: note.number,
        // The further paragraphs of a list item of the note go into the item, as in the body.
        blocks: groupListItems(note.note.map((block: NoteBlock) => ({raw: block, prepared: [prepareTextBlock(block, context)]}))).filter(
          (block): block is PreparedTextBlock => block._type === 'block',
        ),
        backLinks: note.references.map((id, index) => ({href: `#${id}`, label: back(index === 0 ? String(note.number) : `${note.number}-${index + 1}`)})),
      })),
    },
  ]
}

interface BlockContext extends PrepareContext {
  anchors: ReadonlyMap<string, string>
  headings: readonly BodyHeading[]
  problems: string[]
  labels: CodeLabels
  footnotes: NumberedFootnotes
}

type AnyBlock = RichBlock | NestedBlock

async function prepareBlock(block: AnyBlock, context: BlockContext): Promise<PreparedBlock[]> {
  const localize = (href: string) => localizeHref(context.locales, href, context.locale)
  switch (block._type) {
    case 'block':
      return [prepareTextBlock(block, context)]
    case 'heading': {
      const level = block.level ?? 2
      const [content = []] = withFootnoteNumbers(block, [inlineMarkup(block.text ?? '', localize)], context)
      return [{_type: 'heading', _key: block._key, level, anchor: context.anchors.get(block._key) ?? '', content}]
    }
    case 'codeBlock': {
      const language = block.language ?? 'text'
      const code = block.code ?? ''
      const html = await highlightCode(code, language, block.highlightedLines ?? [])
      return [{_type: 'codeBlock', _key: block._key, language, title: block.title || null, code, html, labels: context.labels}]
    }
    case 'mathBlock': {
      const tex = block.tex ?? ''
      const result = renderMath(tex, true)
      if ('html' in result) return [{_type: 'mathBlock', _key: block._key, tex, html: result.html}]
      // The build goes on: the reader sees the TeX, the log says why.
      console.warn(`${context.document}: math that KaTeX cannot typeset is shown as its source (${result.problem})`)
      return [await sourceBlock(block._key, `$$\n${tex}\n$$`, 'latex', context)]
    }
    case 'mermaidDiagram': {
      const code = block.code ?? ''
      const result = await renderDiagram(code)
      if ('svg' in result) return [{_type: 'mermaidDiagram', _key: block._key, svg: result.svg, title: block.title || null, code}]
      console.warn(`${context.document}: a Mermaid diagram the site cannot draw is shown as its source (${result.problem})`)
      return [await sourceBlock(block._key, code, 'text', context, block.title)]
    }
    case 'admonition': {
      const kind: AdmonitionKind = block.kind ?? 'note'
      const body = await prepareNested(block.body, context)
      return [{_type: 'admonition', _key: block._key, kind, title: block.title || context.translator.t(`admonition.${kind}`), body}]
    }
    case 'quote':
      return [{_type: 'quote', _key: block._key, body: await prepareNested(block.body, context)}]
    case 'tabs': {
      const panels = await Promise.all(
        (block.panels ?? []).map(async (panel) => ({
          key: panel._key,
          value: panel.value ?? panel._key,
          label: panel.label ?? panel.value ?? panel._key,
          isDefault: panel.isDefault === true,
          body: await prepareNested(panel.body, context),
        })),
      )
      return [{_type: 'tabs', _key: block._key, groupId: block.groupId || null, panels}]
    }
    case 'details':
      return [
        {
          _type: 'details',
          _key: block._key,
          summary: inlineMarkup(block.summary ?? '', localize),
          open: block.open === true,
          className: block.className || null,
          body: await prepareNested(block.body, context),
        },
      ]
    case 'video': {
      const sources = (block.sources ?? []).flatMap((source) => {
        const src = fileAssetUrl(source.file?.asset?._ref) ?? source.url
        return src ? [{src, type: source.mimeType || null}] : []
      })
      if (sources.length === 0) context.problems.push(`${context.document}: a video has no playable source`)
      return [
        {
          _type: 'video',
          _key: block._key,
          sources,
          title: block.title || null,
          fallback: block.fallback ? inlineMarkup(block.fallback, localize) : [],
          poster: imageAssetUrl(block.poster?.asset?._ref)?.url ?? null,
          controls: block.controls !== false,
          autoPlay: block.autoPlay === true,
          loop: block.loop === true,
          // Browsers only play a video on their own when it is muted.
          muted: block.muted === true || block.autoPlay === true,
          width: block.width || null,
          height: block.height || null,
        },
      ]
    }
    case 'docCardList': {
      // Cards written out on the page, else the pages of the doc's sidebar category.
      const written = (block.items ?? []).flatMap((item) =>
        item.label && item.href ? [{label: item.label, href: localize(item.href), ...(item.description ? {description: item.description} : {})}] : [],
      )
      return [{_type: 'docCardList', _key: block._key, cards: written.length > 0 ? written : [...(context.categoryCards ?? [])]}]
    }
    case 'tocInline':
      return [{_type: 'tocInline', _key: block._key, entries: buildToc(context.headings, block.minLevel ?? 2, block.maxLevel ?? 3)}]
    case 'themedImage': {
      const light = imageSource(block.light?.asset?._ref, block.lightUrl)
      const dark = imageSource(block.dark?.asset?._ref, block.darkUrl)
      // Responsive widths for a single uploaded image (a light and a dark one are each shown as they are).
      const srcset = light && !dark && block.light?.asset ? responsiveSrcset(light.url, light.width, block.responsive) : null
      return [
        {
          _type: 'themedImage',
          _key: block._key,
          alt: block.alt ?? '',
          caption: block.caption ? inlineMarkup(block.caption, localize) : null,
          light,
          dark,
          href: block.href ? localize(block.href) : null,
          width: block.width || null,
          height: block.height || null,
          ...(srcset ? {srcset, sizes: responsiveSizesAttribute(block.width || null)} : {}),
        },
      ]
    }
    case 'table': {
      const cells = withFootnoteNumbers(
        block,
        (block.rows ?? []).flatMap((row) => (row.cells ?? []).map((cell) => inlineMarkup(cell, localize, parseCellMarkup))),
        context,
      )
      const [head, ...rest] = (block.rows ?? []).map((row) => cells.splice(0, (row.cells ?? []).length))
      const align = (block.align ?? []).map((value) => (value === 'none' ? null : value))
      return [{_type: 'table', _key: block._key, header: head ?? [], rows: rest, align}]
    }
    case 'embed': {
      const url = block.url ?? ''
      const title = block.title ?? ''
      const problem = url ? embedUrlProblem(url, context.embedHosts ?? []) : 'the embed has no address'
      if (problem) context.problems.push(`${context.document}: embed "${title}" (${url || 'no address'}) refused: ${problem}`)
      return [
        {
          _type: 'embed',
          _key: block._key,
          url,
          title,
          height: block.height ?? 500,
          sourceUrl: block.sourceUrl || null,
          refused: problem,
          loadingLabels: {
            loading: context.translator.t('common.loading'),
            error: context.translator.t('common.loadError'),
            retry: context.translator.t('common.retry'),
          },
        },
      ]
    }
    case 'rawHtml':
      if (!block.slots?.length) return [{_type: 'rawHtml', _key: block._key, html: sanitizeRawHtml(block.html ?? '')}]
      return [
        {
          _type: 'rawHtml',
          _key: block._key,
          html: '',
          markup: componentMarkupTree(block.html ?? '', localize),
          slots: await Promise.all(block.slots.map((slot) => prepareNested(slot.body, context))),
        },
      ]
    case 'siteComponent':
      return [
        {
          _type: 'siteComponent',
          _key: block._key,
          name: block.name ?? '',
          markup: componentMarkupTree(block.markup ?? '', localize),
          body: await prepareNested(block.body, context),
          slots: await Promise.all((block.slots ?? []).map((slot) => prepareNested(slot.body, context))),
        },
      ]
    case 'readMore':
      return [{_type: 'readMore', _key: block._key}]
    case 'unconverted':
      return [{_type: 'unconverted', _key: block._key, source: block.source ?? '', reason: block.reason || null, location: block.location || null}]
    default: {
      // Content of a type the model does not have (written by another tool, or by a newer model) would be dropped from the page.
      const unknown: {_type?: unknown; _key?: unknown} = block
      context.problems.push(`${context.document}: no component renders the Portable Text block type "${String(unknown._type)}" (block ${String(unknown._key)})`)
      return []
    }
  }
}

function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return values.some((candidate) => candidate === value)
}

/** The text styles, list kinds, inline objects, annotations and decorators of a text block that nothing would render. */
function unknownTextParts(block: TextBlock | NoteBlock, context: BlockContext): string[] {
  const where = `${context.document}: block ${block._key}`
  const problems: string[] = []
  if (block.style !== undefined && !isOneOf(TEXT_STYLES, block.style)) problems.push(`${where} has the unknown text style "${String(block.style)}"`)
  if (block.listItem !== undefined && !isOneOf(LIST_KINDS, block.listItem)) problems.push(`${where} has the unknown list kind "${String(block.listItem)}"`)
  for (const child of block.children ?? []) {
    const type: string = child._type
    if (type !== 'span' && type !== 'inlineImage' && type !== 'mathInline' && type !== 'footnote' && type !== 'anchorTarget')
      problems.push(`${where}: no component renders the inline Portable Text type "${type}"`)
  }
  const annotations = new Set<string>()
  for (const mark of block.markDefs ?? []) {
    const type: string = mark._type
    if (type !== 'link' && type !== 'inlineElement') problems.push(`${where}: no component renders the Portable Text annotation type "${type}"`)
    annotations.add(mark._key)
  }
  for (const child of block.children ?? []) {
    if (child._type !== 'span') continue
    for (const mark of child.marks ?? []) {
      if (!annotations.has(mark) && !isOneOf(DECORATORS, mark))
        problems.push(`${where}: the mark "${mark}" is neither a decorator of the model nor an annotation of the block`)
    }
  }
  return problems
}

async function prepareNested(blocks: readonly NestedBlock[] | null | undefined, context: BlockContext): Promise<PreparedBlock[]> {
  const raw = blocks ?? []
  const prepared = await Promise.all(raw.map((block) => prepareBlock(block, context)))
  return groupListItems(raw.map((block, index) => ({raw: block, prepared: prepared[index] ?? []})))
}

function prepareTextBlock(block: Extract<AnyBlock, {_type: 'block'}> | NoteBlock, context: BlockContext): PreparedTextBlock {
  const anchor = context.anchors.get(block._key)
  context.problems.push(...unknownTextParts(block, context))
  return {
    _type: 'block',
    _key: block._key,
    style: block.style ?? 'normal',
    ...('listItem' in block && block.listItem ? {listItem: block.listItem, level: block.level ?? 1} : {}),
    children: (block.children ?? []).flatMap(
      (child): Array<PreparedSpan | PreparedInlineImage | PreparedMathInline | PreparedFootnoteRef | PreparedAnchorTarget> => {
        if (child._type === 'span') return [{_type: 'span', _key: child._key, text: child.text ?? '', marks: child.marks ?? []}]
        if (child._type === 'anchorTarget') return child.id ? [{_type: 'anchorTarget', _key: child._key, id: child.id}] : []
        if (child._type === 'footnote') {
          const reference = context.footnotes.references.get(child)
          return reference ? [{_type: 'footnote', _key: child._key, ...reference}] : []
        }
        if (child._type === 'mathInline') {
          const result = renderMath(child.tex ?? '', false)
          if ('html' in result) return [{_type: 'mathInline', _key: child._key, tex: child.tex ?? '', html: result.html}]
          console.warn(`${context.document}: math that KaTeX cannot typeset is shown as its source (${result.problem})`)
          return [{_type: 'mathInline', _key: child._key, tex: child.tex ?? '', html: null, problem: result.problem}]
        }
        const src = imageAssetUrl(child.image?.asset?._ref)?.url ?? child.url
        if (!src) return []
        return [
          {
            _type: 'inlineImage',
            _key: child._key,
            src,
            alt: child.alt ?? '',
            href: child.href ? localizeHref(context.locales, child.href, context.locale) : null,
            width: child.width || null,
            height: child.height || null,
          },
        ]
      },
    ),
    markDefs: (block.markDefs ?? []).map((mark): PreparedMarkDef => {
      if (mark._type === 'inlineElement') {
        return {
          _type: 'inlineElement',
          _key: mark._key,
          tag: mark.tag ?? 'span',
          className: mark.className || null,
          style: sanitizeInlineStyle(mark.style ?? ''),
          title: mark.title || null,
        }
      }
      const href = mark.href ?? '#'
      return {
        _type: 'link',
        _key: mark._key,
        href: localizeHref(context.locales, href, context.locale),
        external: /^https?:\/\//.test(href),
        ...(isLinkLook(mark.look) ? {look: mark.look} : {}),
      }
    }),
    ...(anchor ? {anchor} : {}),
  }
}

/** Source shown where a formula or diagram cannot be: a code block, as a reader would copy it. */
async function sourceBlock(key: string, code: string, language: string, context: BlockContext, title?: string | null): Promise<PreparedBlock> {
  return {_type: 'codeBlock', _key: key, language, title: title || null, code, html: await highlightCode(code, language, []), labels: context.labels}
}

/** An uploaded image (its asset id) or the address of an image of another site. */
function imageSource(ref: string | null | undefined, url: string | null | undefined): ImageSource | null {
  const asset = imageAssetUrl(ref)
  if (asset) return asset
  return url ? {url, width: null, height: null} : null
}

/** Words a reader goes through, for the reading time of a post. */
export function countWords(blocks: readonly PreparedBlock[]): number {
  let words = 0
  const count = (text: string) => {
    words += text.split(/\s+/).filter(Boolean).length
  }
  for (const block of blocks) {
    switch (block._type) {
      case 'block':
        count(block.children.map((child) => (child._type === 'span' ? child.text : '')).join(''))
        break
      case 'heading':
        count(inlinePlainText(block.content))
        break
      case 'codeBlock':
        count(block.code)
        break
      case 'admonition':
      case 'quote':
      case 'details':
        words += countWords(block.body)
        break
      case 'siteComponent':
        words += countWords(block.body)
        for (const slot of block.slots ?? []) words += countWords(slot)
        break
      case 'rawHtml':
        for (const slot of block.slots ?? []) words += countWords(slot)
        break
      case 'tabs':
        words += block.panels.reduce((sum, panel) => sum + countWords(panel.body), 0)
        break
      case 'footnotes':
        words += block.notes.reduce((sum, note) => sum + countWords(note.blocks), 0)
        break
      case 'table':
        for (const row of [block.header, ...block.rows]) for (const cell of row) count(inlinePlainText(cell))
        break
      default:
        break
    }
  }
  return words
}

/** Inline markup (a cell, a heading's text) parsed, its math typeset by KaTeX here at build (html null when KaTeX cannot read it). */
/**
 * The parsed texts of a heading or a table (its cells, row by row), each `[^label]` given its number and
 * ids as numberFootnotes found them; one without a note stays as written.
 */
function withFootnoteNumbers(block: object, texts: InlineNode[][], context: BlockContext): InlineNode[][] {
  const references = [...(context.footnotes.inMarkup.get(block) ?? [])]
  return texts.map((nodes) =>
    mapInlineLeaves(nodes, (node) => {
      if (node.type !== 'footnote') return node
      const reference = references.shift()
      return reference ? {...node, reference: {number: reference.number, id: reference.id, noteId: reference.noteId}} : node
    }),
  )
}

/** Parsed inline markup (a cell's, with `parseCellMarkup`), its math typeset. */
function inlineMarkup(source: string, localize: (href: string) => string, parse = parseInlineMarkup): InlineNode[] {
  return mapInlineLeaves(parse(source, localize), (node) => {
    if (node.type !== 'math') return node
    const result = renderMath(node.tex, false)
    return 'html' in result ? {...node, html: result.html} : {...node, html: null, problem: result.problem}
  })
}
