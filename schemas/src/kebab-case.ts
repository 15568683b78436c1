/**
 * The kebab case Docusaurus makes a tag's address from (lodash 4's `kebabCase`, which its tags
 * module calls): accents of Latin letters taken off, apostrophes dropped, the text cut into words,
 * the words lower-cased and joined by hyphens. What counts as a word is lodash's rule, not Unicode's:
 * besides ASCII and Latin-1 letters, any character that is neither a separator (ASCII and Latin-1
 * punctuation, general punctuation U+2000–U+206F, spaces), a digit nor a dingbat is part of a word,
 * so CJK letters and full-width brackets stay together: `读（观）后感` is one word, as in Docusaurus.
 */

// Latin letters whose accent-free form is not their canonical decomposition.
const LATIN_SPECIAL: Record<string, string> = {
  Æ: 'Ae',
  æ: 'ae',
  Ð: 'D',
  ð: 'd',
  Ø: 'O',
  ø: 'o',
  Þ: 'Th',
  þ: 'th',
  ß: 'ss',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ĳ: 'IJ',
  ĳ: 'ij',
  ĸ: 'k',
  Ŀ: 'L',
  ŀ: 'l',
  Ł: 'L',
  ł: 'l',
  ŉ: "'n",
  Ŋ: 'N',
  ŋ: 'n',
  Œ: 'Oe',
  œ: 'oe',
  Ŧ: 'T',
  ŧ: 't',
  ſ: 's',
}
/** Latin-1 Supplement and Latin Extended-A letters (× and ÷ are not letters). */
const LATIN_LETTER = /[\xc0-\xd6\xd8-\xf6\xf8-\xff\u0100-\u017f]/g
/** Combining marks: diacritics, half marks, marks for symbols. */
const COMBINING_MARK = /[\u0300-\u036f\ufe20-\ufe2f\u20d0-\u20ff]/g

function withoutAccents(text: string): string {
  return text.replace(LATIN_LETTER, (letter) => LATIN_SPECIAL[letter] ?? letter.normalize('NFD').replace(COMBINING_MARK, '')).replace(COMBINING_MARK, '')
}

// The character classes of the word rule.
const SEPARATORS =
  '\\xac\\xb1\\xd7\\xf7\\x00-\\x2f\\x3a-\\x40\\x5b-\\x60\\x7b-\\xbf\\u2000-\\u206f \\t\\x0b\\f\\xa0\\ufeff\\n\\r\\u2028\\u2029\\u1680\\u180e\\u3000'
const LOWER = 'a-z\\xdf-\\xf6\\xf8-\\xff'
const UPPER = 'A-Z\\xc0-\\xd6\\xd8-\\xde'
const DINGBATS = '\\u2700-\\u27bf'
const SURROGATES = '\\ud800-\\udfff'
/** Any other character (CJK, Greek, Cyrillic, full-width punctuation…): a letter of no case. */
const OTHER = `[^${SURROGATES}${SEPARATORS}\\d${DINGBATS}${LOWER}${UPPER}]`
const LOWER_OR_OTHER = `(?:[${LOWER}]|${OTHER})`
const UPPER_OR_OTHER = `(?:[${UPPER}]|${OTHER})`
// An emoji and what may follow it: a variation selector, a skin tone or combining mark, joined emoji.
const VARIATION = '[\\ufe0e\\ufe0f]?'
const MODIFIER = '(?:[\\u0300-\\u036f\\ufe20-\\ufe2f\\u20d0-\\u20ff]|\\ud83c[\\udffb-\\udfff])?'
const FLAG = '(?:\\ud83c[\\udde6-\\uddff]){2}'
const ASTRAL = '[\\ud800-\\udbff][\\udc00-\\udfff]'
const JOINED = `(?:\\u200d(?:[^${SURROGATES}]|${FLAG}|${ASTRAL})${VARIATION}${MODIFIER})*`
const EMOJI = `(?:[${DINGBATS}]|${FLAG}|${ASTRAL})${VARIATION}${MODIFIER}${JOINED}`

/** A word, tried in this order at each place: the first alternative that matches wins. */
const WORD = new RegExp(
  [
    // Capitalised or lower-case word ending where a separator or a capital starts.
    `[${UPPER}]?[${LOWER}]+(?=[${SEPARATORS}]|[${UPPER}]|$)`,
    // Capitals (or caseless letters) up to a separator, a capitalised word or the end.
    `${UPPER_OR_OTHER}+(?=[${SEPARATORS}]|[${UPPER}]${LOWER_OR_OTHER}|$)`,
    `[${UPPER}]?${LOWER_OR_OTHER}+`,
    `[${UPPER}]+`,
    // Ordinals: 1ST, 22nd, 4th.
    '\\d*(?:1ST|2ND|3RD|(?![123])\\dTH)(?=\\b|[a-z_])',
    '\\d*(?:1st|2nd|3rd|(?![123])\\dth)(?=\\b|[A-Z_])',
    '\\d+',
    EMOJI,
  ].join('|'),
  'g',
)
/** Plain ASCII words: runs of letters and digits. */
const ASCII_WORD = /[a-zA-Z0-9]+/g
/** Text that needs the full rule: a change of case or between letters and digits, or any other character. */
const NEEDS_FULL_RULE = /[a-z][A-Z]|[A-Z]{2}[a-z]|[0-9][a-zA-Z]|[a-zA-Z][0-9]|[^a-zA-Z0-9 ]/

export function kebabCase(text: string): string {
  const plain = withoutAccents(text).replace(/['\u2019]/g, '')
  const words = plain.match(NEEDS_FULL_RULE.test(plain) ? WORD : ASCII_WORD) ?? []
  return words.map((word) => word.toLowerCase()).join('-')
}
