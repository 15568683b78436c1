/**
 * Expo Snack embeds: `<div data-snack-files="…">` (or `data-snack-code`, `data-snack-id`), which Expo's script
 * (`https://snack.expo.dev/embed.js`, in the site config's `scripts`) fills in the reader's browser with a live
 * editor and preview; react-native-website's remark plugin writes one for each ```SnackPlayer fence. Docusaurus's
 * page has the empty element until that script runs. Here the example's code is shown as code blocks (the site runs
 * no third-party script), or a link to a saved Snack, and the page's report says that readers miss the live preview.
 */
import type {Code} from 'mdast'
import type {RichTextBlock} from '../../portable-text'
import type {Element, HandlerContext} from '../handler-context'
import {attributeString} from '../jsx-tags'
import {codeBlock} from './code'
import {textBlock} from '../blocks'

const SNACK_SCRIPT = 'Expo Snack embeds (https://snack.expo.dev/embed.js)'

/** The code blocks of a Snack embed; null when the element is not one. */
export function snackPlayer(cx: HandlerContext, element: Element, nested: boolean): RichTextBlock[] | null {
  const attributes = element.tag.attributes
  const files = attributeString(attributes['data-snack-files'])
  const code = attributeString(attributes['data-snack-code'])
  const id = attributeString(attributes['data-snack-id'])
  if (files === undefined && code === undefined && id === undefined) return null
  const name = attributeString(attributes['data-snack-name'])
  const codeText = code === undefined ? null : decoded(code)
  const sources = files !== undefined ? snackFiles(files) : code !== undefined ? (codeText === null ? null : [{file: 'App.js', text: codeText}]) : []
  cx.context.missed?.(
    SNACK_SCRIPT,
    element.line,
    sources && sources.length > 0
      ? "a Snack's live editor and preview: its code is shown as a code block"
      : "a saved Snack's live editor and preview: a link to it on snack.expo.dev is shown",
  )
  if (!sources) {
    cx.context.warn({
      file: cx.context.file,
      line: element.line,
      message: 'a Snack embed whose data-snack-files or data-snack-code is not URL-encoded (JSON of files): its code is not shown',
    })
    return []
  }
  if (sources.length === 0 && id) return [linkParagraph(name ?? 'The example', `https://snack.expo.dev/${encodeURIComponent(id)}`)]
  const position = {start: {line: element.line, column: 1, offset: element.start}, end: {line: element.line, column: 1, offset: element.end}}
  return sources.flatMap(({file, text}) => {
    const title = sources.length === 1 ? (name ?? file) : `${name ? `${name}: ` : ''}${file}`
    const node: Code = {type: 'code', lang: languageOf(file), meta: `title=${JSON.stringify(title)}`, value: text.replace(/\n$/, ''), position}
    return codeBlock(cx, node, nested)
  })
}

/** `data-snack-files`: URL-encoded JSON, `{"App.tsx": {"type": "CODE", "contents": "…"}}`; assets (type ASSET) are left out. */
function snackFiles(value: string): Array<{file: string; text: string}> | null {
  const text = decoded(value)
  if (text === null) return null
  try {
    const parsed = JSON.parse(text) as unknown
    if (typeof parsed !== 'object' || parsed === null) return null
    return Object.entries(parsed as Record<string, {type?: unknown; contents?: unknown}>).flatMap(([file, entry]) =>
      entry && entry.type !== 'ASSET' && typeof entry.contents === 'string' ? [{file, text: entry.contents}] : [],
    )
  } catch {
    return null
  }
}

function decoded(value: string): string | null {
  try {
    return decodeURIComponent(value)
  } catch {
    return null
  }
}

function languageOf(file: string): string {
  const extension = /\.(\w+)$/.exec(file)?.[1] ?? 'js'
  return extension === 'mjs' || extension === 'cjs' ? 'js' : extension
}

function linkParagraph(text: string, href: string): RichTextBlock {
  return textBlock('normal', [{_type: 'span', text, marks: ['snack-link']}], [{_type: 'link', _key: 'snack-link', href}])
}
