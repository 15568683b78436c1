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
import {snackEmbedFiles, snackFileLanguage} from '@site/schemas/markup/snack'
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
  const sources = snackEmbedFiles(files, code)
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
  return sources.flatMap(({file, code: text}) => {
    const title = sources.length === 1 ? (name ?? file) : `${name ? `${name}: ` : ''}${file}`
    const node: Code = {type: 'code', lang: snackFileLanguage(file), meta: `title=${JSON.stringify(title)}`, value: text, position}
    return codeBlock(cx, node, nested)
  })
}

function linkParagraph(text: string, href: string): RichTextBlock {
  return textBlock('normal', [{_type: 'span', text, marks: ['snack-link']}], [{_type: 'link', _key: 'snack-link', href}])
}
