/**
 * The contentlayer2 source of the importer: which markdown files of a Docusaurus-layout folder are
 * read, and as what. `npx contentlayer2 build --config importer/src/contentlayer.config.ts`
 * (with CONTENT_DIR set) runs it on its own; the importer runs the same source in-process.
 */
import {defineDocumentType, makeSource} from 'contentlayer2/source-files'
import type {Processor} from 'unified'

/** Folders of a Docusaurus site that hold markdown the importer reads. */
export const MARKDOWN_FOLDERS = ['docs', 'versioned_docs', 'blog', 'changelog', 'src/pages', 'i18n'] as const

const markdownType = (name: string, folders: string) =>
  defineDocumentType(() => ({
    name,
    filePathPattern: `${folders}/**/*.{md,mdx}`,
    contentType: 'markdown',
    // Front matter is typed and validated by front-matter.ts, which names file, field and line;
    // contentlayer's typed fields were measured for it and report no line and nothing code can read
    // (__tests__/contentlayer-typed-types.test.ts; README, "How files are read").
    fields: {},
  }))

export const documentTypes = [
  markdownType('Doc', '{docs,versioned_docs}'),
  markdownType('BlogPost', 'blog'),
  markdownType('Release', 'changelog'),
  markdownType('Page', 'src/pages'),
  markdownType('Translation', 'i18n'),
]

/**
 * contentlayer renders each body to HTML with its own unified pipeline; the site never uses that
 * HTML, so the pipeline is replaced by one that hands back the file as read (front matter included),
 * which the importer needs for line numbers.
 */
export function keepSourceText(this: Processor): void {
  this.parser = (document) => ({type: 'root', children: [], data: {source: document}}) as never
  this.compiler = (tree) => String((tree as {data?: {source?: string}}).data?.source ?? '')
}

/**
 * One document type per folder the importer reads (the config's docs and blog folders, which may have
 * other names than the defaults or lie beside the site folder): `fromBase` is the folder's path from
 * contentlayer's content folder, `folder` its path from the site (which names the type).
 */
export function documentTypesFor(folders: ReadonlyArray<{folder: string; fromBase: string}>) {
  return folders.map(({folder, fromBase}, index) => markdownType(`Markdown${index}_${folder.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '')}`, fromBase))
}

export function makeContentSource(contentDirPath: string, folders: readonly string[] = MARKDOWN_FOLDERS, types = documentTypes) {
  return makeSource({
    contentDirPath,
    contentDirInclude: [...folders],
    documentTypes: types,
    markdown: (builder) => {
      builder.use(keepSourceText)
    },
    // Files contentlayer cannot read (broken front matter) are found and explained by the importer.
    onMissingOrIncompatibleData: 'skip-ignore',
    onExtraFieldData: 'ignore',
    onUnknownDocuments: 'skip-ignore',
    // Docusaurus front matter may have its own `type` field; keep contentlayer's out of its way.
    fieldOptions: {typeFieldName: 'contentlayerType'},
    disableImportAliasWarning: true,
  })
}

// The contentlayer2 CLI reads the config's default export.
export default makeContentSource(process.env.CONTENT_DIR ?? 'content')
