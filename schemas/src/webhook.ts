/**
 * The document types whose published changes the site shows, and the GROQ filter of the webhook that
 * announces them to the publish receiver. One list, so that a new content type reaches the operator's
 * webhook, the soak's webhook and the studio's fixture together. `publishStatus` is left out: the
 * publish service writes it, and a publish must not announce itself.
 */
export const WEBHOOK_DOCUMENT_TYPES = [
  'doc',
  'blogPost',
  'release',
  'page',
  'homePage',
  'uiStrings',
  'siteSettings',
  'theme',
  'sidebar',
  'docsVersion',
  'author',
  'staticFile',
  'redirect',
  'searchSynonyms',
  // An editor's Retry of a refused publish.
  'publishRequest',
] as const

/** The filter to set on the webhook in sanity.io/manage → API → Webhooks. */
export const WEBHOOK_FILTER = `_type in [${WEBHOOK_DOCUMENT_TYPES.map((type) => JSON.stringify(type)).join(', ')}]`
