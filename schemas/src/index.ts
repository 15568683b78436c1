/** The content model: every Sanity schema type of the site, for the studio and for validation. */
import {author} from './documents/author'
import {blogPost} from './documents/blog-post'
import {doc} from './documents/doc'
import {docsVersion} from './documents/docs-version'
import {page} from './documents/page'
import {publishRequest, publishStatus} from './documents/publish-status'
import {release} from './documents/release'
import {searchSynonyms} from './documents/search-synonyms'
import {sidebar} from './documents/sidebar'
import {localeString, localeStringValue, localeText, localeTextValue} from './objects/locale-string'
import {
  footerLinkGroup,
  navbarItems,
  navDocLink,
  navDocsVersionLink,
  navDropdown,
  navHtml,
  navLink,
  navLocaleDropdown,
  navSearch,
  navVersionDropdown,
} from './objects/nav'
import {
  admonition,
  codeBlock,
  details,
  quote,
  docCardList,
  embed,
  anchorTarget,
  inlineImage,
  tocInline,
  video,
  heading,
  nestedRichText,
  rawHtml,
  readMore,
  richText,
  siteComponent,
  table,
  tabs,
  themedImage,
  unconverted,
} from './objects/portable-text'
import {generatedIndex, sidebarCategory, sidebarDoc, sidebarHtml, sidebarItems, sidebarLink} from './objects/sidebar-items'
import {staticFile} from './documents/static-file'
import {redirect} from './documents/redirect'
import {mathBlock, mathInline, mermaidDiagram} from './objects/math-diagram'
import {footnote} from './objects/footnote'
import {translationOrigin} from './objects/translation'
import {docPaginationLink} from './objects/doc-pagination'
import {homeCode, homeFeatures, homeHero, homeLatestPosts, homePage, homeSponsors, homeText} from './singletons/home-page'
import {announcementBar, blogTagDefinition, docsTagDefinition, localeConfig, siteSettings} from './singletons/site-settings'
import {uiStrings} from './singletons/ui-strings'
import {theme, themeClassRule, themeColour, themeFontFace, themePaletteDark, themePaletteLight} from './singletons/theme'

export const documentTypes = [
  siteSettings,
  theme,
  uiStrings,
  docsVersion,
  doc,
  sidebar,
  blogPost,
  release,
  page,
  homePage,
  author,
  staticFile,
  searchSynonyms,
  publishStatus,
  publishRequest,
  redirect,
]

export const objectTypes = [
  localeString,
  localeStringValue,
  localeText,
  localeTextValue,
  translationOrigin,
  docPaginationLink,
  richText,
  nestedRichText,
  codeBlock,
  mathBlock,
  mathInline,
  footnote,
  mermaidDiagram,
  heading,
  admonition,
  quote,
  tabs,
  details,
  video,
  tocInline,
  docCardList,
  inlineImage,
  anchorTarget,
  themedImage,
  table,
  embed,
  rawHtml,
  readMore,
  siteComponent,
  unconverted,
  navLink,
  navDocLink,
  navDocsVersionLink,
  navHtml,
  navSearch,
  navDropdown,
  navVersionDropdown,
  navLocaleDropdown,
  navbarItems,
  footerLinkGroup,
  sidebarDoc,
  sidebarLink,
  sidebarHtml,
  sidebarCategory,
  generatedIndex,
  sidebarItems,
  localeConfig,
  announcementBar,
  blogTagDefinition,
  docsTagDefinition,
  homeHero,
  homeFeatures,
  homeCode,
  homeLatestPosts,
  homeSponsors,
  homeText,
  themeColour,
  themePaletteLight,
  themePaletteDark,
  themeFontFace,
  themeClassRule,
]

export const schemaTypes = [...documentTypes, ...objectTypes]

export * from './model'
export {
  ADMONITION_KINDS,
  CODE_LANGUAGES,
  EMBED_HOST,
  EMBED_HOSTS,
  EMBED_LOCAL_PREFIX,
  embedUrlProblem,
  highlighterLanguage,
  INLINE_ELEMENT_TAGS,
  isLinkLook,
  LINK_LOOKS,
  RAW_HTML_SLOT_MARKERS,
  rawHtmlSlotMarker,
  SITE_COMPONENT_CONTENT_MARKER,
} from './objects/portable-text'
export type {AdmonitionKind, LinkLook} from './objects/portable-text'
export {SEMVER} from './documents/release'
export {REDIRECT_FROM_PATH, REDIRECT_TO, sameSitePath} from './documents/redirect'
export {MERMAID_DIAGRAM_KINDS, mermaidDiagramKind, type MermaidDiagramKind} from './objects/math-diagram'
export {PAGE_SECTIONS} from './documents/page'
export {DOC_PAGINATION_MODES} from './objects/doc-pagination'
export {
  PUBLISH_REQUEST_ID_PREFIX,
  PUBLISH_REQUEST_TYPE,
  PUBLISH_STATES,
  PUBLISH_STATUS_ID_PREFIX,
  PUBLISH_STATUS_TYPE,
  PUBLISH_STEPS,
  PUBLISH_TRIGGERS,
} from './documents/publish-status'
export type {
  PublishState,
  PublishStatusDocument,
  PublishStatusEntry,
  PublishStatusStep,
  PublishStep,
  PublishTrigger,
  StatusProblem,
} from './documents/publish-status'
export {SITE_SETTINGS_ID} from './singletons/site-settings'
export {THEME_ID} from './theme'
export {messagePlaceholders, UI_MESSAGES, UI_MESSAGE_KEYS, UI_MESSAGE_KEY_BY_DOCUSAURUS_ID, unknownPlaceholders} from './ui-messages'
export type {DocusaurusPlaceholder, UiMessageKey, UiMessageDefinition} from './ui-messages'
export {builtInUiCatalog, BUILT_IN_LANGUAGES, type UiCatalog} from './ui-catalogs'
export {translationFingerprint, translationStatus, translationStatusByLocale, TRANSLATABLE_FIELDS} from './translation/status'
export type {TranslationStatus, TranslatableDocument, TranslatedDocument, LocalizedTranslation} from './translation/status'
export {uniqueInScope, VALIDATION_API_VERSION} from './validation/rules'
export {
  linkAddressIsValid,
  linkAddressProblem,
  linkTargetState,
  publishedDocSlugResolves,
  publishedLinkResolves,
  publishedLinkTarget,
  publishedReferenceResolves,
  type LinkTargetState,
  type PublishedLinkTarget,
} from './validation/published-links'
export type {SlugScope} from './validation/rules'
