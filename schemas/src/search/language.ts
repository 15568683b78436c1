/**
 * How search reads text in each language, shared by the site's local index (web/src/search) and the
 * Typesense job (scripts/src/search): case and accent folding, word splitting (Intl.Segmenter for
 * Chinese and Japanese), query stop words and which Snowball stemmer applies. Rules key on a locale's
 * language tag (fr-CA → fr); a language without rules gets folding and word splitting only.
 */

/** A stemmer: one folded word in, its stem out (Snowball, the algorithm Typesense's `stem` uses). */
export type Stemmer = (word: string) => string

export interface LanguageRules {
  /** The language tag rules were picked for ('fr'), or the locale's own when none matched. */
  tag: string
  /** Snowball stemmer name ('french'), when the language has one. */
  stemmer: string | null
  /** Words dropped from queries (never from the index), folded. */
  stopWords: ReadonlySet<string>
  /** Splits runs of ideographs into words with Intl.Segmenter (no spaces between words). */
  segmented: boolean
}

// Short lists of function words that carry no topic; folded (no accents). A query made only of
// them keeps them (see queryTerms). Longer lists hurt: "pas" or "hors" are meaningful in the docs.
const STOP_WORDS: Record<string, readonly string[]> = {
  en: [
    'a',
    'an',
    'the',
    'and',
    'or',
    'of',
    'to',
    'in',
    'on',
    'for',
    'with',
    'is',
    'are',
    'be',
    'it',
    'its',
    'this',
    'that',
    'how',
    'what',
    'do',
    'does',
    'i',
    'my',
    'can',
    'from',
    'by',
    'at',
    'as',
    'into',
    'about',
    'when',
    'why',
    'which',
    'you',
    'your',
  ],
  fr: [
    'le',
    'la',
    'les',
    'l',
    'un',
    'une',
    'des',
    'de',
    'du',
    'd',
    'et',
    'ou',
    'a',
    'au',
    'aux',
    'en',
    'dans',
    'sur',
    'pour',
    'par',
    'avec',
    'est',
    'sont',
    'ce',
    'cette',
    'ces',
    'qui',
    'que',
    'qu',
    'comment',
    'je',
    'j',
    'on',
    'se',
    's',
    'mon',
    'ma',
    'mes',
    'son',
    'sa',
    'ses',
    'y',
    'n',
    'ne',
  ],
  pt: [
    'o',
    'a',
    'os',
    'as',
    'um',
    'uma',
    'de',
    'do',
    'da',
    'dos',
    'das',
    'e',
    'ou',
    'em',
    'no',
    'na',
    'nos',
    'nas',
    'para',
    'por',
    'com',
    'que',
    'como',
    'se',
    'ao',
    'aos',
    'meu',
    'minha',
  ],
  zh: ['的', '了', '和', '是', '在', '如何', '怎么', '吗', '与', '及', '中', '一个'],
}

/** The Snowball stemmer of each language tag that has one. */
export const STEMMER_BY_TAG: Readonly<Record<string, string>> = {
  en: 'english',
  fr: 'french',
  pt: 'portuguese',
  es: 'spanish',
  it: 'italian',
  de: 'german',
  nl: 'dutch',
}

const SEGMENTED = new Set(['zh', 'ja'])

/** The language tag of a locale: 'pt-br' → 'pt', 'zh-CN' → 'zh'. */
export function languageTag(locale: string): string {
  return (locale.split(/[-_]/)[0] ?? locale).toLowerCase()
}

export function languageRules(locale: string): LanguageRules {
  const tag = languageTag(locale)
  return {tag, stemmer: STEMMER_BY_TAG[tag] ?? null, stopWords: new Set(STOP_WORDS[tag] ?? []), segmented: SEGMENTED.has(tag)}
}

/** Lower case without accents (é → e, ç → c), ligatures spelled out; ideographs are left as they are. */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss')
}

const WORD = /[\p{L}\p{N}_]+/gu
const IDEOGRAPHS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u

let segmenter: Intl.Segmenter | undefined

const DOTTED = /[\p{L}\p{N}_$]+(?:\.[\p{L}\p{N}_$]+)+/gu

/**
 * The dotted names of a text (`socket.join`, `io.of`), folded: API names, which readers type as
 * they are written. The local index adds them as terms of their own beside their parts.
 */
export function dottedNames(text: string): string[] {
  return [...foldText(text).matchAll(DOTTED)]
    .map((match) => match[0].replace(/\.+$/, ''))
    .filter((name) => !name.split('.').some((part) => /^v?\d+$/.test(part)))
}

/** The words of a text, folded, in order; `.` `-` `'` split words, so `socket.join` is socket + join. */
export function splitWords(text: string, rules: Pick<LanguageRules, 'segmented' | 'tag'>): string[] {
  const words: string[] = []
  for (const match of foldText(text).matchAll(WORD)) {
    const word = match[0]
    if (!IDEOGRAPHS.test(word)) {
      words.push(word)
      continue
    }
    if (!rules.segmented || typeof Intl.Segmenter !== 'function') {
      // Without a segmenter each ideograph is a word: still searchable, by characters.
      words.push(...word.split(/(?=[\p{Script=Han}])|(?<=[\p{Script=Han}])/u).filter(Boolean))
      continue
    }
    segmenter ??= new Intl.Segmenter(rules.tag, {granularity: 'word'})
    for (const part of segmenter.segment(word)) if (part.isWordLike) words.push(part.segment)
  }
  return words
}

/** The index terms of a text: its words, stemmed. */
export function indexTerms(text: string, rules: LanguageRules, stem: Stemmer | null): string[] {
  return splitWords(text, rules).map((word) => (stem ? stemWord(word, stem) : word))
}

/** A stem of a word; numbers and very short words are kept whole. */
export function stemWord(word: string, stem: Stemmer): string {
  if (word.length < 3 || /^\d/.test(word)) return word
  return stem(word) || word
}

/** Words without the stop words of the language (unless they are all stop words). */
export function withoutStopWords(words: readonly string[], rules: Pick<LanguageRules, 'stopWords'>): string[] {
  const kept = words.filter((word) => !rules.stopWords.has(word))
  return kept.length > 0 ? kept : [...words]
}

/** The words of a query without its stop words (unless it has nothing else), not yet stemmed. */
export function queryWords(query: string, rules: LanguageRules): string[] {
  return withoutStopWords(splitWords(query, rules), rules)
}

/** The searchable levels of a record, in the order of their weight. */
export const SEARCH_LEVELS = ['lvl1', 'lvl2', 'lvl3', 'content'] as const
export type SearchLevel = (typeof SEARCH_LEVELS)[number]

/**
 * The Typesense field holding a level's text in one language ('lvl1_fr'): Typesense stems and
 * segments per field (its `locale` and `stem`), so each language searches fields of its own; the
 * DocSearch fields (hierarchy.lvl1, content) stay as they are for display.
 */
export function searchFieldName(level: SearchLevel, tag: string): string {
  return `${level}_${tag}`
}
