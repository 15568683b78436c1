/**
 * What the site asks of Typesense, shared by the index job (scripts, which creates these sets) and
 * the browser (web, which names them in each search): the per-locale synonym set and stop words,
 * and the search parameters of a locale.
 */
import {languageTag, SEARCH_LEVELS, searchFieldName} from './language'

export function typesenseSynonymSetName(collection: string, locale: string): string {
  return `${collection}-synonyms-${locale}`
}

export function typesenseStopwordsName(collection: string, locale: string): string {
  return `${collection}-stopwords-${languageTag(locale)}`
}

/**
 * The parameters of a search in a locale: its language's fields (title above headings above text),
 * its stop words and synonym set, one hit per address (group_by url), prefix search and one typo,
 * ties broken by item_priority.
 */
export function typesenseSearchParameters(collection: string, locale: string): Record<string, string | number | boolean> {
  const tag = languageTag(locale)
  return {
    query_by: SEARCH_LEVELS.map((level) => searchFieldName(level, tag)).join(','),
    query_by_weights: '4,3,2,1',
    sort_by: '_text_match:desc,item_priority:desc',
    num_typos: 1,
    prefix: true,
    stopwords: typesenseStopwordsName(collection, locale),
    synonym_sets: typesenseSynonymSetName(collection, locale),
    group_by: 'url',
    group_limit: 1,
  }
}
