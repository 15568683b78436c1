/**
 * The Presentation tool: the site's preview server (`npm run preview`, SANITY_STUDIO_PREVIEW_URL) in a
 * frame beside the document form. Draft mode is entered through the preview server's
 * /api/draft-mode/enable route with a secret the tool stores for it; each page document lists the site
 * address it is shown at (the same rules as "View on site", see site-url.ts), and a page opened in the
 * frame finds its document back.
 */
import {blogPathOf, docsPathOf, SANITY_API_VERSION} from '@site/schemas/model'
import {map} from 'rxjs'
import {defineDocuments, type DocumentLocationResolver, presentationTool} from 'sanity/presentation'
import {studioEnv} from './env'
import {toLocaleTable} from './locales'
import {PAGE_TYPES, siteUrlFor, type SiteDocument, type SiteVersion} from './site-url'

/** The document (its draft when there is one), where the site serves docs and posts, and the locales: what its address is made of. */
const LOCATION_QUERY = `{
  "document": coalesce(*[_id == "drafts." + $id][0], *[_id == $id][0]){_type, title, language, version, slug, path, urlPath, docsPath},
  "settings": *[_id == "siteSettings"][0]{defaultLocale, locales[]{code, label, direction, htmlLang, calendar, path}, docsPath, "blogPath": blog.path},
  "versions": *[_type == "docsVersion" && !(_id in path("drafts.**"))]{path, urlPath, docsPath, isLast, mainDoc}
}`

interface LocationAnswer {
  document: (SiteDocument & {title?: string | null}) | null
  settings: (Parameters<typeof toLocaleTable>[0] & {docsPath?: string | null; blogPath?: string | null}) | null
  versions: SiteVersion[] | null
}

/** Where a page document is shown on the site, kept up to date as its slug or path is edited. */
export const locateOnSite: DocumentLocationResolver = ({id, type}, {documentStore}) => {
  if (!PAGE_TYPES.has(type)) return null
  return documentStore.listenQuery(LOCATION_QUERY, {id}, {perspective: 'raw', apiVersion: SANITY_API_VERSION, tag: 'presentation.locations'}).pipe(
    map((answer: LocationAnswer | null) => {
      const document = answer?.document
      if (!document) return null
      const href = siteUrlFor(document, '', toLocaleTable(answer.settings), {
        versions: answer.versions ?? [],
        docsPath: docsPathOf(answer.settings?.docsPath ?? null),
        blogPath: blogPathOf(answer.settings?.blogPath ?? null),
      })
      if (href === null) return {message: 'This document has no page of its own on the site yet (a slug or path is missing).', tone: 'caution' as const}
      return {locations: [{title: document.title || href, href}]}
    }),
  )
}

const IN_DEFAULT_LOCALE = `language == *[_id == "siteSettings"][0].defaultLocale`

/**
 * A page opened in the frame, back to its document (the default locale's addresses): docs by version and slug, releases
 * by their version (the changelog lives under the latest docs version, site-url.ts), posts by slug, and the home page.
 */
export const mainDocuments = defineDocuments([
  {
    route: '/docs/:version/:slug',
    filter: `_type == "doc" && slug == $slug && (version == $version || version in *[_type == "docsVersion" && urlPath == $version].path) && ${IN_DEFAULT_LOCALE}`,
  },
  {route: '/docs/:version/changelog/:release', filter: `_type == "release" && version == $release && ${IN_DEFAULT_LOCALE}`},
  {route: '/blog/:slug', filter: `_type == "blogPost" && slug == $slug && ${IN_DEFAULT_LOCALE}`},
  // One home page per locale: the default locale's is the one at `/`.
  {route: '/', filter: `_type == "homePage" && ${IN_DEFAULT_LOCALE}`},
])

export function sitePresentationTool() {
  return presentationTool({
    title: 'Preview',
    previewUrl: {
      initial: studioEnv.previewUrl,
      previewMode: {enable: '/api/draft-mode/enable/', disable: '/api/draft-mode/disable/'},
    },
    allowOrigins: [studioEnv.previewUrl],
    resolve: {locations: locateOnSite, mainDocuments},
  })
}
