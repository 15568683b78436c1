/**
 * The Snowball stemmer of a language, loaded on its own: each language is a separate chunk of the
 * search island, so a French reader downloads only the French one (about 2 KB gzipped).
 */
import type {Stemmer} from '@site/schemas/search'

/** The file of each stemmer in @orama/stemmers/dist: the bundler finds their chunks by it, to prefetch the page's. */
export const STEMMER_FILES: Record<string, string> = {english: 'en', french: 'fr', portuguese: 'pt', spanish: 'es', italian: 'it', german: 'de', dutch: 'nl'}

const LOADERS: Record<string, () => Promise<{stemmer: Stemmer}>> = {
  english: () => import('@orama/stemmers/english'),
  french: () => import('@orama/stemmers/french'),
  portuguese: () => import('@orama/stemmers/portuguese'),
  spanish: () => import('@orama/stemmers/spanish'),
  italian: () => import('@orama/stemmers/italian'),
  german: () => import('@orama/stemmers/german'),
  dutch: () => import('@orama/stemmers/dutch'),
}

/** The stemmer named by languageRules (null: the language is searched without stemming). */
export async function loadStemmer(name: string | null): Promise<Stemmer | null> {
  const load = name ? LOADERS[name] : undefined
  if (!load) return null
  return (await load()).stemmer
}
