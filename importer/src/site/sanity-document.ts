/**
 * The documents the importer writes, typed by the content model's generated types
 * (schemas/src/sanity.types.ts, `npm run typegen`): a field the schema does not have, or a value of
 * the wrong kind, fails the type check where the document is built, not the schema check after the
 * import.
 */
import type {
  Author,
  BlogPost,
  Doc,
  DocPaginationLink,
  DocsVersion,
  HomePage,
  Page,
  Redirect,
  Release,
  Sidebar,
  SiteSettings,
  StaticFile,
  TranslationMetadata,
  UiStrings,
} from '@site/schemas/types'
import type {RichTextBlock} from '../portable-text'

/** A document the importer writes: an id and a type, and the fields of its schema type. */
export type SanityDocument = {_id: string; _type: string} & Record<string, unknown>

/** Fields the dataset's store gives every document; an export does not carry them. */
type StoreFields = '_createdAt' | '_updatedAt' | '_rev'

/**
 * A value of the content model as the importer builds it: objects in arrays may come without their
 * `_key` (withKeys gives each a key derived from its content, keys.ts).
 */
export type Unkeyed<T> =
  T extends Array<infer Item> ? Array<Unkeyed<Item>> : T extends object ? {[K in keyof T as K extends '_key' ? never : K]: Unkeyed<T[K]>} & {_key?: string} : T

/**
 * A document of a schema type as the importer builds it: the generated type's fields (undefined ones
 * are dropped before writing), without the store's. `Own` names fields whose values the importer
 * builds with types of its own: rich text as portable-text.ts's blocks, which checkRichText checks
 * against the content model when a body is converted.
 */
export type ImportedDocument<T extends {_id: string; _type: string}, Own extends {[K in keyof T]?: unknown} = Record<never, never>> = {
  [K in keyof T as K extends StoreFields ? never : K]: K extends keyof Own ? Own[K] | Extract<T[K], undefined> : Unkeyed<T[K]>
}

/**
 * The fields of a schema type, by name only: for documents whose values the importer builds with
 * looser types of its own (navbar and footer items, sidebar items, locale strings), a field the
 * schema does not have still fails the type check.
 */
export type ImportedFields<T extends {_id: string; _type: string}> = {_id: string; _type: T['_type']} & {
  [K in keyof T as K extends StoreFields | '_id' | '_type' ? never : K]?: unknown
}

/** A file as the import format writes it: the asset is uploaded from the dataset's files/ folder. */
type FileUpload = {_type: 'file'; _sanityAsset: string}

/** The rich text fields of documents, as the markdown conversion gives them. */
type Body = {body: RichTextBlock[]}

export type ImportedDoc = ImportedDocument<Doc, Body>
export type ImportedBlogPost = ImportedDocument<BlogPost, Body>
export type ImportedRelease = ImportedDocument<Release, Body>
export type ImportedPage = ImportedDocument<Page, Body>
/** Its sections are built from the page's blocks (home-page.ts), each of them one of the model's section types. */
export type ImportedHomePage = ImportedDocument<HomePage, {sections: unknown[]}>
export type ImportedDocsVersion = ImportedDocument<DocsVersion>
export type ImportedAuthor = ImportedDocument<Author>
export type ImportedRedirect = ImportedDocument<Redirect>
export type ImportedSidebar = ImportedFields<Sidebar>
export type ImportedSiteSettings = ImportedFields<SiteSettings>
export type ImportedStaticFile = ImportedDocument<StaticFile, {file: FileUpload}>
export type ImportedTranslationMetadata = ImportedFields<TranslationMetadata>
export type ImportedUiStrings = ImportedDocument<UiStrings>
export type ImportedDocPaginationLink = Unkeyed<DocPaginationLink>
