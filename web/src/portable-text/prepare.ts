/**
 * Turns a queried body into what the renderer shows: heading anchors allocated once per
 * document (shared with the table of contents), code highlighted, links put under the reader's
 * locale, raw HTML sanitized, embeds checked against the allowlist of @site/schemas.
 */
import {embedUrlProblem, type AdmonitionKind} from '@site/schemas'
import {blockText, bodyHeadings} from '@site/schemas/search'
import type {Locale} from '@site/schemas/model'
import type {Translator} from '../i18n/messages'
import {localizeHref} from '../routing/routes'
import {highlightCode} from './highlight'
import {inlinePlainText, parseInlineMarkup} from './inline-markup'
import {sanitizeRawHtml} from './sanitize'
import type {BodyHeading, CodeLabels, ImageSource, NestedBlock, PreparedBlock, PreparedTextBlock, RichBlock, RichBody} from './types'

export interface PrepareContext {
  locale: Locale
  translator: Translator
  /** Names the document in build errors ("doc v4/rooms (fr)"). */
  document: string
}

export interface PreparedBody {
  blocks: PreparedBlock[]
  headings: BodyHeading[]
  /** Build errors found while preparing (refused embeds); the page fails the build with them. */
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
  const blocks = body ?? []
  const headings = bodyHeadings(blocks)
  const anchors = new Map(headings.map((heading) => [heading.key, heading.anchor]))
  const problems: string[] = []
  const labels: CodeLabels = {
    copy: context.translator.t('code.copy'),
    copied: context.translator.t('code.copied'),
    copyLabel: context.translator.t('code.copyLabel'),
  }
  const prepared = await Promise.all(blocks.map((block) => prepareBlock(block, {...context, anchors, problems, labels})))
  return {blocks: prepared.flat(), headings, problems}
}

interface BlockContext extends PrepareContext {
  anchors: ReadonlyMap<string, string>
  problems: string[]
  labels: CodeLabels
}

async function prepareBlock(block: RichBlock | NestedBlock, context: BlockContext): Promise<PreparedBlock[]> {
  const localize = (href: string) => localizeHref(href, context.locale)
  switch (block._type) {
    case 'block':
      return [prepareTextBlock(block, context)]
    case 'heading': {
      const level = block.level ?? 2
      return [{_type: 'heading', _key: block._key, level, anchor: context.anchors.get(block._key) ?? '', content: parseInlineMarkup(block.text ?? '', localize)}]
    }
    case 'codeBlock': {
      const language = block.language ?? 'text'
      const code = block.code ?? ''
      const html = await highlightCode(code, language, block.highlightedLines ?? [])
      return [{_type: 'codeBlock', _key: block._key, language, title: block.title || null, code, html, labels: context.labels}]
    }
    case 'admonition': {
      const kind: AdmonitionKind = block.kind ?? 'note'
      const body = await prepareNested(block.body ?? [], context)
      return [{_type: 'admonition', _key: block._key, kind, title: block.title || context.translator.t(`admonition.${kind}`), body}]
    }
    case 'tabs': {
      const panels = await Promise.all(
        (block.panels ?? []).map(async (panel) => ({
          key: panel._key,
          value: panel.value ?? panel._key,
          label: panel.label ?? panel.value ?? panel._key,
          isDefault: panel.isDefault === true,
          body: await prepareNested(panel.body ?? [], context),
        })),
      )
      return [{_type: 'tabs', _key: block._key, groupId: block.groupId || null, panels}]
    }
    case 'themedImage':
      return [{_type: 'themedImage', _key: block._key, alt: block.alt ?? '', caption: block.caption || null, light: imageSource(block.light), dark: imageSource(block.dark)}]
    case 'table': {
      const [head, ...rest] = (block.rows ?? []).map((row) => (row.cells ?? []).map((cell) => parseInlineMarkup(cell, localize)))
      const align = (block.align ?? []).map((value) => (value === 'none' ? null : value))
      return [{_type: 'table', _key: block._key, header: head ?? [], rows: rest, align}]
    }
    case 'embed': {
      const url = block.url ?? ''
      const title = block.title ?? ''
      const problem = url ? embedUrlProblem(url) : 'the embed has no address'
      if (problem) context.problems.push(`${context.document}: embed "${title}" (${url || 'no address'}) refused: ${problem}`)
      return [{_type: 'embed', _key: block._key, url, title, height: block.height ?? 500, sourceUrl: block.sourceUrl || null, refused: problem, loadingLabels: {loading: context.translator.t('common.loading'), error: context.translator.t('common.loadError'), retry: context.translator.t('common.retry')}}]
    }
    case 'rawHtml':
      return [{_type: 'rawHtml', _key: block._key, html: sanitizeRawHtml(block.html ?? '')}]
    case 'readMore':
      return [{_type: 'readMore', _key: block._key}]
    case 'unconverted':
      return [{_type: 'unconverted', _key: block._key, source: block.source ?? '', reason: block.reason || null, location: block.location || null}]
  }
}

async function prepareNested(blocks: readonly NestedBlock[], context: BlockContext): Promise<PreparedBlock[]> {
  const prepared = await Promise.all(blocks.map((block) => prepareBlock(block, context)))
  return prepared.flat()
}

function prepareTextBlock(block: Extract<RichBlock | NestedBlock, {_type: 'block'}>, context: BlockContext): PreparedTextBlock {
  const anchor = context.anchors.get(block._key)
  return {
    _type: 'block',
    _key: block._key,
    style: block.style ?? 'normal',
    ...(block.listItem ? {listItem: block.listItem, level: block.level ?? 1} : {}),
    children: (block.children ?? []).map((child) => ({_type: 'span', _key: child._key, text: child.text ?? '', marks: child.marks ?? []})),
    markDefs: (block.markDefs ?? []).map((mark) => {
      const href = mark.href ?? '#'
      return {_type: 'link', _key: mark._key, href: localizeHref(href, context.locale), external: /^https?:\/\//.test(href)}
    }),
    ...(anchor ? {anchor} : {}),
  }
}

function imageSource(image: {url: string | null; width: number | null; height: number | null} | null | undefined): ImageSource | null {
  return image?.url ? {url: image.url, width: image.width, height: image.height} : null
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
        count(block.children.map((child) => child.text).join(''))
        break
      case 'heading':
        count(inlinePlainText(block.content))
        break
      case 'codeBlock':
        count(block.code)
        break
      case 'admonition':
        words += countWords(block.body)
        break
      case 'tabs':
        words += block.panels.reduce((sum, panel) => sum + countWords(panel.body), 0)
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
