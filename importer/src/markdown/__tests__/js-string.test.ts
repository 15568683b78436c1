// String literals of import lines read as JavaScript reads them.
import {describe, expect, it} from 'vitest'
import {JS_STRING, jsStringValue} from '../js-string'

describe('jsStringValue', () => {
  it('unescapes every JavaScript escape, and a backslash before any other character stands for that character', () => {
    expect(jsStringValue(String.raw`"./\_notes.mdx"`)).toBe('./_notes.mdx')
    expect(jsStringValue(String.raw`'it\'s \"here\"'`)).toBe(`it's "here"`)
    expect(jsStringValue(String.raw`"a\tb\nc\\d\0"`)).toBe('a\tb\nc\\d\0')
    expect(jsStringValue(String.raw`"\x41\u0042\u{1F30A}"`)).toBe('AB\u{1F30A}')
    expect(jsStringValue('"one \\\ntwo"')).toBe('one two')
  })

  it('matches a literal up to its own closing quote, past escaped quotes', () => {
    const match = new RegExp(`from\\s+(${JS_STRING})`).exec(String.raw`import X from 'a\'b' // 'c'`)
    expect(match?.[1]).toBe(String.raw`'a\'b'`)
  })
})
