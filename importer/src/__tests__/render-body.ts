// Renders converted Portable Text with the site's own renderer (web's portable-text), as a page shows
// it, so that importer tests can assert what a reader sees (line breaks, images, code).
import {localeTableOf} from '@site/schemas/model'
import {createTranslator} from '@site/schemas/i18n'
import {prepareBody} from '@site/web/portable-text/prepare'
import {PortableBody} from '@site/web/portable-text/render'
import type {RichBody} from '@site/web/portable-text/types'
import {createElement} from 'react'
import {renderToStaticMarkup} from 'react-dom/server'
import type {RichTextBlock} from '../portable-text'

const locales = localeTableOf(['en'])
const translator = createTranslator('en', 'en', [])

/** The body's HTML as the site renders it on a page (the content only, without the layout). */
export async function renderBody(blocks: readonly RichTextBlock[]): Promise<string> {
  const prepared = await prepareBody(blocks as unknown as RichBody, {locale: 'en', locales, translator, document: 'doc test'})
  if (prepared.problems.length > 0) throw new Error(prepared.problems.join('\n'))
  return renderToStaticMarkup(createElement(PortableBody, {blocks: prepared.blocks}))
}

/** The text of rendered HTML as a reader reads it: tags gone, a <br> a line break, white space collapsed as a browser does. */
export function visibleText(html: string): string {
  return html
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<\/(p|li|h[1-6]|pre|div|summary|td|th|tr|blockquote)>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim()
}
