// Punctuation spacing per locale: French narrow no-break spaces, nothing elsewhere.
import {describe, expect, it} from 'vitest'
import {applyTypography, NARROW_NO_BREAK_SPACE as N, spacesHighPunctuation} from '../typography'

describe('applyTypography', () => {
  it('puts a narrow no-break space before : ; ! ? in French, whether the translator typed a space or not', () => {
    expect(applyTypography('Journal des modifications: 4.8.0', 'fr')).toBe(`Journal des modifications${N}: 4.8.0`)
    expect(applyTypography('Version : {version}', 'fr')).toBe(`Version${N}: {version}`)
    expect(applyTypography('Version\u00A0: {version}', 'fr')).toBe(`Version${N}: {version}`)
    expect(applyTypography('Vraiment ? Oui ! Bon ; fin', 'fr')).toBe(`Vraiment${N}? Oui${N}! Bon${N}; fin`)
    expect(applyTypography('Étiquettes :', 'fr')).toBe(`Étiquettes${N}:`)
    expect(applyTypography('Quoi ?!', 'fr')).toBe(`Quoi${N}?!`)
  })

  it('puts narrow no-break spaces inside guillemets', () => {
    expect(applyTypography('Résultats pour « {query} »', 'fr')).toBe(`Résultats pour «${N}{query}${N}»`)
    expect(applyTypography('Résultats pour «{query}»', 'fr')).toBe(`Résultats pour «${N}{query}${N}»`)
  })

  it('leaves addresses, times, query strings and code-like tokens alone', () => {
    for (const text of ['Voir https://socket.io/docs', '10:30', '/search?q=salle', 'socket.io:4.8', 'a::b']) {
      expect(applyTypography(text, 'fr')).toBe(text)
    }
  })

  it('is idempotent', () => {
    const once = applyTypography('Cette page n’est pas traduite : lisez l’anglais ! « ici »', 'fr')
    expect(applyTypography(once, 'fr')).toBe(once)
  })

  it('applies to every French region and to no other language', () => {
    expect(spacesHighPunctuation('fr')).toBe(true)
    expect(spacesHighPunctuation('fr-CA')).toBe(true)
    expect(spacesHighPunctuation('en')).toBe(false)
    expect(spacesHighPunctuation('pt-br')).toBe(false)
    expect(applyTypography('Changelog: 4.8.0', 'en')).toBe('Changelog: 4.8.0')
    expect(applyTypography('Registro de alterações: 4.8.0', 'pt-br')).toBe('Registro de alterações: 4.8.0')
    expect(applyTypography('更新日志：4.8.0', 'zh-CN')).toBe('更新日志：4.8.0')
  })
})
