import {describe, expect, it} from 'vitest'
import {dottedNames, expandQuery, foldText, languageRules, languageTag, queryWords, splitWords, synonymItems} from '../index'

describe('language rules', () => {
  it('key on the language tag, with folding and word splitting for any other language', () => {
    expect(languageTag('pt-br')).toBe('pt')
    expect(languageTag('zh-CN')).toBe('zh')
    expect(languageRules('fr-CA')).toMatchObject({tag: 'fr', stemmer: 'french', segmented: false})
    expect(languageRules('pt-br').stemmer).toBe('portuguese')
    expect(languageRules('zh-CN')).toMatchObject({tag: 'zh', stemmer: null, segmented: true})
    // A locale the site may add later (es) gets its stemmer; an unknown one folding only.
    expect(languageRules('es').stemmer).toBe('spanish')
    expect(languageRules('xx')).toMatchObject({tag: 'xx', stemmer: null, segmented: false})
    expect(languageRules('xx').stopWords.size).toBe(0)
  })

  it('fold case and accents, and split API names and apostrophes', () => {
    expect(foldText('Récupération de L’ÉTAT, cœur')).toBe('recuperation de l’etat, coeur')
    expect(splitWords('Récupération de l’état', languageRules('fr'))).toEqual(['recuperation', 'de', 'l', 'etat'])
    expect(splitWords('Call socket.join("room")', languageRules('en'))).toEqual(['call', 'socket', 'join', 'room'])
    expect(dottedNames('Call socket.join() or io.of("/admin"), v4.8.1.')).toEqual(['socket.join', 'io.of'])
  })

  it('segment Chinese with Intl.Segmenter and leave Latin words whole', () => {
    const words = splitWords('如何使用房间 with Redis', languageRules('zh-CN'))
    expect(words).toContain('房间')
    expect(words.slice(-2)).toEqual(['with', 'redis'])
    expect(words.join('')).toBe('如何使用房间withredis')
  })

  it('drop stop words from queries unless nothing else is left', () => {
    expect(queryWords('les espaces de noms', languageRules('fr'))).toEqual(['espaces', 'noms'])
    expect(queryWords('de la', languageRules('fr'))).toEqual(['de', 'la'])
    expect(queryWords('how it works', languageRules('en'))).toEqual(['works'])
    expect(queryWords('如何使用房间', languageRules('zh-CN'))).not.toContain('如何')
  })
})

describe('synonyms', () => {
  const items = synonymItems({
    _id: 'searchSynonyms-fr',
    language: 'fr',
    entries: [
      {_key: 'a', root: 'salle', synonyms: ['room']},
      {_key: 'b', synonyms: ['espace de noms', 'namespace']},
    ],
  })
  const words = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean)

  it('read the editors’ entries in Typesense’s item shape', () => {
    expect(items).toEqual([
      {id: 'a', root: 'salle', synonyms: ['room']},
      {id: 'b', synonyms: ['espace de noms', 'namespace']},
    ])
  })

  it('refuse an entry that cannot be a rule, naming it', () => {
    expect(() => synonymItems({_id: 'searchSynonyms-fr', entries: [{_key: 'k1', synonyms: ['seul']}]})).toThrow(
      'searchSynonyms searchSynonyms-fr, entries[0] (_key k1): a two-way entry needs at least two terms',
    )
    expect(() => synonymItems({_id: 'x', entries: [{root: 'salle', synonyms: [' ']}]})).toThrow('entries[0]: no synonyms')
  })

  it('expand one way from the root only, two ways from any term, longest phrase first', () => {
    expect(expandQuery(['salle'], items, words)).toEqual([[['salle'], ['room']]])
    expect(expandQuery(['room'], items, words)).toEqual([[['room']]])
    expect(expandQuery(['namespace', 'admin'], items, words)).toEqual([[['espace', 'de', 'noms'], ['namespace']], [['admin']]])
    expect(expandQuery(['espace', 'de', 'noms'], items, words)).toEqual([[['espace', 'de', 'noms'], ['namespace']]])
  })
})
