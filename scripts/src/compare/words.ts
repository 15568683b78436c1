/**
 * Words as a reader sees them: Unicode word segmentation per locale (Intl.Segmenter, which splits
 * Chinese and Japanese into words too), case-folded, counted as a multiset so that a paragraph
 * shown once here but twice by Docusaurus counts as missing once.
 */

export type WordCounts = Map<string, number>

const segmenters = new Map<string, Intl.Segmenter>()

function segmenterFor(locale: string): Intl.Segmenter {
  let segmenter = segmenters.get(locale)
  if (!segmenter) {
    let supported: string
    try {
      supported = Intl.Segmenter.supportedLocalesOf([locale])[0] ?? 'en'
    } catch {
      // A locale tag Intl does not accept (a typo in a site's config) segments like English.
      supported = 'en'
    }
    segmenter = new Intl.Segmenter(supported, {granularity: 'word'})
    segmenters.set(locale, segmenter)
  }
  return segmenter
}

/** One word's comparable form: compatibility-normalized, case-folded, curly apostrophes made straight. */
export function foldWord(word: string, locale: string): string {
  let folded: string
  try {
    folded = word.normalize('NFKC').toLocaleLowerCase(locale)
  } catch {
    folded = word.normalize('NFKC').toLowerCase()
  }
  return folded.replace(/[\u2018\u2019\u02bc]/g, "'")
}

// No-break and narrow spaces (French typography puts U+202F before ":") separate words like a space;
// Unicode would glue U+202F to the word before it. A zero-width space is invisible: no separation.
const SPACE_LIKE = /[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g
const INVISIBLE = /[\u200b\u2060\ufeff]/g

/** The words of a text, in order, folded. Punctuation, spaces and symbols are not words. */
export function tokenize(text: string, locale: string): string[] {
  const words: string[] = []
  for (const segment of segmenterFor(locale).segment(text.replace(SPACE_LIKE, ' ').replace(INVISIBLE, ''))) {
    if (segment.isWordLike) words.push(foldWord(segment.segment, locale))
  }
  return words
}

export function countWords(words: Iterable<string>): WordCounts {
  const counts: WordCounts = new Map()
  for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1)
  return counts
}

export function totalOf(counts: WordCounts): number {
  let total = 0
  for (const count of counts.values()) total += count
  return total
}

export interface WordMatch {
  /** Words of the reference (Docusaurus's page), counted with repetitions. */
  reference: number
  /** How many of them this side has: per word, the smaller of the two counts. */
  found: number
  /** Words the reference has more often than this side, with how many are missing, most missing first. */
  missing: Array<{word: string; count: number}>
}

/** How much of the reference's word multiset the other side holds. */
export function matchWords(reference: WordCounts, other: WordCounts): WordMatch {
  let total = 0
  let found = 0
  const missing: Array<{word: string; count: number}> = []
  for (const [word, count] of reference) {
    total += count
    const present = Math.min(count, other.get(word) ?? 0)
    found += present
    if (present < count) missing.push({word, count: count - present})
  }
  missing.sort((a, b) => b.count - a.count || a.word.localeCompare(b.word))
  return {reference: total, found, missing}
}
