/**
 * Punctuation spacing as each language sets it, applied to the interface messages (and to anything
 * else the site composes from them) so that translators may type plain spaces, or none at all.
 *
 * French sets a narrow no-break space (U+202F) before the high punctuation marks : ; ! ? and inside
 * guillemets « », so that a line never starts with a colon or a closing guillemet. Other languages
 * of the site need nothing.
 */

export const NARROW_NO_BREAK_SPACE = '\u202F'
const NNBSP = NARROW_NO_BREAK_SPACE

/** The primary language subtag of a locale code: fr for fr, fr-CA or fr_CH. */
export function languageOf(locale: string): string {
  return locale.toLowerCase().split(/[-_]/)[0] ?? ''
}

/** True when the locale's typography puts spaces before high punctuation (French, in every region). */
export function spacesHighPunctuation(locale: string): boolean {
  return languageOf(locale) === 'fr'
}

// A high punctuation mark used as punctuation, not inside a token: it follows a word or a closing
// mark, and what comes after it is a space, the end, a closing mark or another high mark. So
// "https://", "10:30", "?q=" and "a:b" stay as they are.
const HIGH_PUNCTUATION = /([^\s\u00A0\u202F([{«“'"])[ \u00A0\u202F]?([:;!?]+)(?=$|[\s\u00A0\u202F)\]}»”'".,…]|\{)/gu
const AFTER_OPENING_GUILLEMET = /«[ \u00A0\u202F]*/g
const BEFORE_CLOSING_GUILLEMET = /[ \u00A0\u202F]*»/g

/**
 * The text with the locale's punctuation spacing. Idempotent: a text already spaced correctly is
 * returned unchanged. Placeholders ({name}) are left as they are; spacing the message before the
 * values are put in keeps addresses, code and times inside values untouched.
 */
export function applyTypography(text: string, locale: string): string {
  if (!spacesHighPunctuation(locale) || !/[:;!?«»]/.test(text)) return text
  return text
    .replace(HIGH_PUNCTUATION, (_whole, before: string, marks: string) => `${before}${NNBSP}${marks}`)
    .replace(AFTER_OPENING_GUILLEMET, `«${NNBSP}`)
    .replace(BEFORE_CLOSING_GUILLEMET, `${NNBSP}»`)
}
