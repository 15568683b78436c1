/**
 * JavaScript string literals as MDX's import lines write them: a module specifier is a string, so
 * `"./\_part.mdx"` names `./_part.mdx`, as the bundler reads it.
 */

import JSON5 from 'json5'

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

/**
 * The value of a prop's `{…}` expression when it is a literal: a string, number, boolean, null, or
 * an array or object of those. Anything that refers to the page's JavaScript (a variable, a call) is
 * refused: the import has no page to run it in.
 */
export function evaluateLiteral(expression: string): {value: unknown} | {problem: string} {
  const text = expression.trim()
  // A template literal without substitutions is a string (a `$` not followed by `{` is text); JSON5 reads the rest of
  // JavaScript's literal syntax.
  if (/^`(?:[^`\\$]|\\[\s\S]|\$(?!\{))*`$/.test(text)) return {value: cookTemplate(text.slice(1, -1))}
  try {
    return {value: JSON5.parse(text)}
  } catch {
    return {problem: "refers to the page's JavaScript (a variable, a function or JSX), which the import cannot evaluate"}
  }
}

const TEMPLATE_ESCAPES: Record<string, string> = {n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0', '\n': ''}

/** A template literal's text as JavaScript gives it: its escapes (`\n`, `\u00e9`, `\``) read. */
function cookTemplate(raw: string): string {
  return raw.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[\s\S])/g, (_escape, code: string) =>
    code.length > 1 ? String.fromCodePoint(Number.parseInt(code.replace(/^[ux]\{?|\}$/g, ''), 16)) : (TEMPLATE_ESCAPES[code] ?? code),
  )
}
