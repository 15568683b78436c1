/**
 * The interface's built-in translations, as Docusaurus ships its theme's: a site in one of these
 * languages reads its interface in it without translating a message, and its own code.json (or its
 * editors, in the uiStrings documents) override any of them. English is the catalogue itself.
 */
import type {Locale} from '../model'
import {UI_MESSAGE_KEYS, UI_MESSAGES, type UiMessageKey} from '../ui-messages'
import {fr} from './fr'
import {ptBR} from './pt-BR'
import {zhCN} from './zh-CN'

export type UiCatalog = Readonly<Record<UiMessageKey, string>>

const ENGLISH: UiCatalog = Object.fromEntries(UI_MESSAGE_KEYS.map((key) => [key, UI_MESSAGES[key].message])) as Record<UiMessageKey, string>

/** The languages with a built-in translation, by the locale codes that read it. */
export const BUILT_IN_LANGUAGES = ['en', 'fr', 'pt-BR', 'zh-CN'] as const

/**
 * The built-in interface of a locale, by its language: en-GB reads English, fr-CA French, pt and
 * pt-PT Brazilian Portuguese (the closest there is), zh, zh-CN, zh-SG and zh-Hans Simplified Chinese;
 * Traditional Chinese (zh-TW, zh-HK, zh-Hant) and other languages have none (null).
 */
export function builtInUiCatalog(locale: Locale): UiCatalog | null {
  const [language = '', ...rest] = locale.toLowerCase().split(/[-_]/)
  switch (language) {
    case 'en':
      return ENGLISH
    case 'fr':
      return fr
    case 'pt':
      return ptBR
    case 'zh':
      return rest.some((part) => part === 'tw' || part === 'hk' || part === 'mo' || part === 'hant') ? null : zhCN
    default:
      return null
  }
}
