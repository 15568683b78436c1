/**
 * contentlayer2's typed document types for the importer's kinds of markdown (docs, blog posts,
 * releases, pages), with the fields of front-matter.ts's rules in contentlayer's field types and a few
 * computed fields: what the importer would read with, were contentlayer2 to type and validate its
 * front matter. Used by contentlayer-typed-types.test.ts to measure what contentlayer then reports on
 * bad front matter; the importer itself keeps contentlayer.config.ts (see README, "How files are read").
 */
import {defineDocumentType, makeSource, type FieldDefs} from 'contentlayer2/source-files'
import {keepSourceText} from '../contentlayer.config'

const DOC_FIELDS: FieldDefs = {
  title: {type: 'string'},
  description: {type: 'string'},
  sidebar_label: {type: 'string'},
  sidebar_position: {type: 'number'},
  slug: {type: 'string'},
  id: {type: 'string'},
  draft: {type: 'boolean'},
  unlisted: {type: 'boolean'},
  hide_title: {type: 'boolean'},
  pagination_prev: {type: 'string'},
  pagination_next: {type: 'string'},
  keywords: {type: 'list', of: {type: 'string'}},
  toc_min_heading_level: {type: 'number'},
  toc_max_heading_level: {type: 'number'},
  last_update: {type: 'json'},
  tags: {type: 'json'},
  pagination_label: {type: 'string'},
  hide_table_of_contents: {type: 'boolean'},
  displayed_sidebar: {type: 'string'},
  custom_edit_url: {type: 'string'},
  sidebar_custom_props: {type: 'json'},
}

const Doc = defineDocumentType(() => ({
  name: 'Doc',
  filePathPattern: '{docs,versioned_docs}/**/*.{md,mdx}',
  contentType: 'markdown',
  fields: DOC_FIELDS,
  computedFields: {
    version: {type: 'string', resolve: (doc) => /^versioned_docs\/version-([^/]+)\//.exec(doc._raw.sourceFilePath)?.[1] ?? 'current'},
    docPath: {type: 'string', resolve: (doc) => doc._raw.flattenedPath.replace(/^(versioned_docs\/version-[^/]+|docs)\/?/, '')},
  },
}))

const BlogPost = defineDocumentType(() => ({
  name: 'BlogPost',
  filePathPattern: 'blog/**/*.{md,mdx}',
  contentType: 'markdown',
  fields: {
    title: {type: 'string'},
    description: {type: 'string'},
    slug: {type: 'string'},
    date: {type: 'date'},
    authors: {type: 'json'},
    tags: {type: 'json'},
    draft: {type: 'boolean'},
    unlisted: {type: 'boolean'},
  },
  computedFields: {
    // Docusaurus dates a post by its file name when the front matter has no date.
    dateFromFileName: {type: 'string', resolve: (doc) => /^(\d{4}-\d{2}-\d{2})/.exec(doc._raw.sourceFileName)?.[1] ?? ''},
  },
}))

const Release = defineDocumentType(() => ({
  name: 'Release',
  filePathPattern: 'changelog/**/*.{md,mdx}',
  contentType: 'markdown',
  fields: {
    version: {type: 'string', required: true},
    date: {type: 'date', required: true},
    title: {type: 'string'},
    description: {type: 'string'},
    summary: {type: 'string'},
    diff_url: {type: 'string'},
  },
  computedFields: {
    major: {type: 'number', resolve: (doc) => Number(String(doc.version).split('.')[0])},
  },
}))

const Page = defineDocumentType(() => ({
  name: 'Page',
  filePathPattern: 'src/pages/**/*.{md,mdx}',
  contentType: 'markdown',
  fields: {
    title: {type: 'string'},
    description: {type: 'string'},
    sidebar_position: {type: 'number'},
    draft: {type: 'boolean'},
    unlisted: {type: 'boolean'},
    hide_title: {type: 'boolean'},
  },
  computedFields: {
    route: {type: 'string', resolve: (doc) => '/' + doc._raw.flattenedPath.replace(/^src\/pages\/?/, '')},
  },
}))

/** contentlayer2's options for field problems: all it offers is skipping, warning (printed) or failing. */
export interface TypedFlags {
  onMissingOrIncompatibleData: 'skip-warn' | 'skip-ignore' | 'fail'
  onExtraFieldData: 'warn' | 'ignore' | 'fail'
}

export function makeTypedSource(
  contentDirPath: string,
  flags: TypedFlags,
  folders: readonly string[] = ['docs', 'versioned_docs', 'blog', 'changelog', 'src/pages'],
) {
  return makeSource({
    contentDirPath,
    contentDirInclude: [...folders],
    documentTypes: [Doc, BlogPost, Release, Page],
    markdown: (builder) => {
      builder.use(keepSourceText)
    },
    ...flags,
    onUnknownDocuments: 'skip-warn',
    fieldOptions: {typeFieldName: 'contentlayerType'},
    disableImportAliasWarning: true,
  })
}
