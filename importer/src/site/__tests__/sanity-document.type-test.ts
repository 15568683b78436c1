/**
 * A type-level test, checked by `npm run typecheck` (tsc -p scripts), not run by Vitest: the types the
 * importer builds its documents with (sanity-document.ts) reject a field the content model does not
 * have and a value of the wrong kind. Each `@ts-expect-error` line must be an error: if the types stop
 * catching it, tsc fails on the unused directive.
 */
import type {RichTextBlock} from '../../portable-text'
import type {ImportedDoc, ImportedDocsVersion, ImportedSiteSettings} from '../sanity-document'

const body: RichTextBlock[] = [{_type: 'block', style: 'normal', markDefs: [], children: [{_type: 'span', text: 'Hello', marks: []}]}]

/** What the doc builder writes, in its shape: accepted. */
export const doc: ImportedDoc = {_id: 'doc.current.en.intro', _type: 'doc', title: 'Intro', slug: 'intro', body, sidebarPosition: 1}

export const misspelt: ImportedDoc = {
  _id: 'doc.current.en.intro',
  _type: 'doc',
  // @ts-expect-error -- the schema's field is sidebarLabel
  sidebarLable: 'Intro',
}

export const wrongKind: ImportedDoc = {
  _id: 'doc.current.en.intro',
  _type: 'doc',
  // @ts-expect-error -- sidebarPosition is a number in the content model
  sidebarPosition: '1',
}

export const wrongType: ImportedDocsVersion = {
  _id: 'docsVersion.current',
  // @ts-expect-error -- a docsVersion document is not a doc
  _type: 'doc',
}

export const unkeyed: ImportedDoc = {
  _id: 'doc.current.en.intro',
  _type: 'doc',
  // Array items need no _key here (withKeys adds them), but their fields are the model's.
  paginationPrev: {_type: 'docPaginationLink', mode: 'doc', doc: {_type: 'reference', _ref: 'doc.current.en.setup'}},
  // @ts-expect-error -- "previous" is no pagination mode of the content model
  paginationNext: {_type: 'docPaginationLink', mode: 'previous'},
}

/** Site settings are checked by field name (their values are built by the navbar and footer readers). */
export const settings: ImportedSiteSettings = {_id: 'siteSettings', _type: 'siteSettings', title: 'Site', url: 'https://example.com'}
// @ts-expect-error -- the schema's field is defaultLocale
settings.defaultLanguage = 'en'
