// The built-in interface translations: complete, with the catalogue's placeholders, found by language.
import {describe, expect, it} from 'vitest'
import {UI_MESSAGE_KEYS, UI_MESSAGES} from '../../ui-messages'
import {BUILT_IN_LANGUAGES, builtInUiCatalog} from '..'

const placeholders = (message: string) => [...new Set(message.match(/\{\w+\}/g) ?? [])].sort()

describe('built-in interface translations', () => {
  it.each(BUILT_IN_LANGUAGES)('%s: every message, with the same placeholders as the English one', (language) => {
    const catalog = builtInUiCatalog(language)
    if (!catalog) throw new Error(`no catalog for ${language}`)
    for (const key of UI_MESSAGE_KEYS) {
      expect({key, present: typeof catalog[key] === 'string' && catalog[key] !== ''}).toEqual({key, present: true})
      expect({key, placeholders: placeholders(catalog[key])}).toEqual({key, placeholders: placeholders(UI_MESSAGES[key].message)})
    }
  })

  it('is found by the language of a locale code, never for another script or language', () => {
    expect(builtInUiCatalog('fr-CA')?.['common.retry']).toBe('Réessayer')
    expect(builtInUiCatalog('pt')).toBe(builtInUiCatalog('pt-BR'))
    expect(builtInUiCatalog('pt-br')).toBe(builtInUiCatalog('pt-BR'))
    expect(builtInUiCatalog('zh-Hans')).toBe(builtInUiCatalog('zh-CN'))
    expect(builtInUiCatalog('en-GB')?.['common.retry']).toBe(UI_MESSAGES['common.retry'].message)
    expect(builtInUiCatalog('zh-TW')).toBeNull()
    expect(builtInUiCatalog('zh-Hant-HK')).toBeNull()
    expect(builtInUiCatalog('es')).toBeNull()
  })
})
