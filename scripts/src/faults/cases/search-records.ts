/** The search records of a small one-version site in two locales, built as the search build makes them: the input of the index-job fault cases. */
import type {Locale} from '@site/schemas/model'
import {buildSearchRecords, type SearchRecord, type SearchSource} from '@site/schemas/search'

const block = (key: string, value: string) => ({_type: 'block', _key: key, style: 'normal', children: [{text: value}]})

/** One doc per entry of `pages` (slug → body text), indexed for `en` and `fr`. */
export function recordsOf(pages: Record<string, string>): Map<Locale, SearchRecord[]> {
  const source: SearchSource = {
    versions: [{path: 'v4', label: '4.x', isLast: true, mainDoc: 'index'}],
    docs: Object.entries(pages).map(([slug, body]) => ({version: 'v4', slug, doc: {_id: slug, title: slug, body: [block(slug, body)]}})),
    posts: [],
    pages: [],
    releases: [],
  }
  return new Map(
    (['en', 'fr'] as const).map((locale) => [
      locale,
      buildSearchRecords(source, {locale, urlPrefix: locale === 'en' ? '' : `/${locale}`, labels: {blog: 'Blog', changelog: 'Changelog', page: 'Site'}}),
    ]),
  )
}

/** What a reader can find in a set of records: each record's id and text, sorted. */
export const viewOf = (records: Map<Locale, SearchRecord[]>): string[] =>
  [...records.values()]
    .flat()
    .map((record) => `${record.objectID} ${record.content ?? ''}`)
    .sort()
