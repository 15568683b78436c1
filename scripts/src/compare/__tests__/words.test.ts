import {describe, expect, it} from 'vitest'
import {countWords, foldWord, matchWords, tokenize} from '../words'

describe('tokenize', () => {
  it('keeps words, drops punctuation and spaces, and folds case', () => {
    expect(tokenize('Rooms, Namespaces & the Adapter: READ this!', 'en')).toEqual(['rooms', 'namespaces', 'the', 'adapter', 'read', 'this'])
  })

  it('keeps dotted code names whole and straightens curly apostrophes', () => {
    expect(tokenize('Call socket.emit() — it’s safe.', 'en')).toEqual(['call', 'socket.emit', "it's", 'safe'])
  })

  it('splits Chinese text into words, not into one run or single signs', () => {
    const words = tokenize('服务器可以向房间广播消息。', 'zh-CN')
    expect(words.length).toBeGreaterThan(2)
    expect(words.join('')).toBe('服务器可以向房间广播消息')
    expect(words).toContain('房间')
  })

  it('reads French typography (no-break spaces before colons) as the same words', () => {
    expect(tokenize('Attention\u202f: la salle\u00a0!', 'fr')).toEqual(['attention', 'la', 'salle'])
  })

  it('segments an unknown locale tag like English instead of failing', () => {
    expect(tokenize('Two words', 'not a locale!')).toEqual(['two', 'words'])
  })

  it('folds full-width letters to their plain form', () => {
    expect(foldWord('ＡＢＣ', 'en')).toBe('abc')
  })
})

describe('matchWords', () => {
  it('counts repetitions: a word shown twice by the reference and once here is one missing', () => {
    const reference = countWords(['join', 'room', 'room', 'leave'])
    const other = countWords(['room', 'join', 'extra'])
    expect(matchWords(reference, other)).toEqual({
      reference: 4,
      found: 2,
      missing: [
        {word: 'leave', count: 1},
        {word: 'room', count: 1},
      ],
    })
  })

  it('finds everything when the other side has more', () => {
    const match = matchWords(countWords(['a', 'b']), countWords(['a', 'b', 'b', 'c']))
    expect(match).toEqual({reference: 2, found: 2, missing: []})
  })

  it('lists the most missing words first', () => {
    const match = matchWords(countWords(['x', 'y', 'y', 'y', 'z', 'z']), new Map())
    expect(match.missing.map((entry) => entry.word)).toEqual(['y', 'z', 'x'])
  })
})
