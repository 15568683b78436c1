// Tag addresses by the word rule of Docusaurus's kebab case: the cases where it differs from
// splitting on Unicode letters (full-width brackets, accents, ordinals, apostrophes, emoji).
import {describe, expect, it} from 'vitest'
import {kebabCase} from '../kebab-case'

describe('kebabCase', () => {
  it('keeps CJK text with full-width brackets as one word, and splits it at spaces and ASCII punctuation', () => {
    expect(kebabCase('读（观）后感')).toBe('读（观）后感')
    expect(kebabCase('《书名》')).toBe('《书名》')
    expect(kebabCase('实时 通信')).toBe('实时-通信')
    expect(kebabCase('编程(入门)')).toBe('编程-入门')
    expect(kebabCase('日本語・タグ')).toBe('日本語・タグ')
    expect(kebabCase('标签　二')).toBe('标签-二')
  })

  it('takes the accents off Latin letters, and writes ß, æ and œ in two letters', () => {
    expect(kebabCase('Café Crème')).toBe('cafe-creme')
    expect(kebabCase('Straße')).toBe('strasse')
    expect(kebabCase('Æsir Œuvre')).toBe('aesir-oeuvre')
    expect(kebabCase('Łódź')).toBe('lodz')
  })

  it('splits at changes of case and between letters and digits, keeping ordinals and acronyms whole', () => {
    expect(kebabCase('fetchSockets')).toBe('fetch-sockets')
    expect(kebabCase('XMLHttpRequest')).toBe('xml-http-request')
    expect(kebabCase('K8s')).toBe('k-8-s')
    expect(kebabCase('21st century')).toBe('21st-century')
    expect(kebabCase('OAuth2.0')).toBe('o-auth-2-0')
  })

  it('drops apostrophes, other punctuation and symbols, and keeps emoji as words', () => {
    expect(kebabCase("don't stop")).toBe('dont-stop')
    expect(kebabCase('C++ & C#')).toBe('c-c')
    expect(kebabCase('A–B — C')).toBe('a-b-c')
    expect(kebabCase('release 🎉')).toBe('release-🎉')
    expect(kebabCase('!!!')).toBe('')
  })
})
