/**
 * JavaScript string literals as MDX's import lines write them: a module specifier is a string, so
 * `"./\_part.mdx"` names `./_part.mdx`, as the bundler reads it.
 */

/** A single- or double-quoted JavaScript string literal, escapes included (for use inside a larger pattern). */
export const JS_STRING = String.raw`(?:'(?:[^'\\\n]|\\[\s\S])*'|"(?:[^"\\\n]|\\[\s\S])*")`

const SIMPLE_ESCAPES: Record<string, string> = {n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v'}

/**
 * The value of a quoted string literal (`'…'` or `"…"`): every escape read as JavaScript reads it
 * (`\n`, `\xHH`, `\uHHHH`, `\u{…}`, `\0`, a line continuation, and `\` before any other character
 * standing for that character).
 */
export function jsStringValue(literal: string): string {
  const body = /^(['"])([\s\S]*)\1$/.exec(literal)?.[2] ?? literal
  return body.replace(
    /\\(?:x([0-9a-fA-F]{2})|u\{([0-9a-fA-F]{1,6})\}|u([0-9a-fA-F]{4})|(\r\n|[\n\r\u2028\u2029])|([\s\S]))/g,
    (escape, hex, codePoint, unit, newline, char) => {
      if (hex !== undefined) return String.fromCharCode(Number.parseInt(hex as string, 16))
      if (codePoint !== undefined) {
        const value = Number.parseInt(codePoint as string, 16)
        return value <= 0x10ffff ? String.fromCodePoint(value) : escape
      }
      if (unit !== undefined) return String.fromCharCode(Number.parseInt(unit as string, 16))
      if (newline !== undefined) return ''
      const c = char as string
      if (c === '0') return '\0'
      return SIMPLE_ESCAPES[c] ?? c
    },
  )
}
