/** Search: the record builder shared by the site's local index and the Typesense job, and the heading anchors it shares with the renderer. */
export {blockText, bodyHeadings, isHeadingBlock, walkBlocks, type BodyHeading, type HeadingSourceBlock} from './body-headings'
export {inlinePlainText, innerNodes, mapInlineLeaves, parseCellMarkup, parseInlineMarkup, type InlineNode} from './inline-markup'
export {
  buildSearchRecords,
  contextualFacetFilters,
  flattenRecord,
  searchableText,
  searchPageUrl,
  type BuildRecordsOptions,
  type FlatSearchRecord,
  type PageKind,
  type RecordType,
  type SearchBodyBlock,
  type SearchRecord,
  type SearchSource,
} from './records'
export {
  SEARCH_LEVELS,
  STEMMER_BY_TAG,
  dottedNames,
  foldText,
  indexTerms,
  languageRules,
  languageTag,
  queryWords,
  searchFieldName,
  splitWords,
  stemWord,
  withoutStopWords,
  type LanguageRules,
  type SearchLevel,
  type Stemmer,
} from './language'
export {expandQuery, synonymItems, type ExpandedUnit, type SynonymItem, type SynonymsDocument} from './synonyms'
export {typesenseSearchParameters, typesenseStopwordsName, typesenseSynonymSetName} from './typesense'
