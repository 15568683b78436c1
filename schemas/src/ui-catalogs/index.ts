/**
 * The interface's built-in translations, as Docusaurus ships its theme's: a site in one of these
 * languages reads its interface in it without translating a message, and its own code.json (or its
 * editors, in the uiStrings documents) override any of them. English is the catalogue itself.
 */
import type {Locale} from '../model'
import {UI_MESSAGE_KEYS, UI_MESSAGES, type UiMessageKey} from '../ui-messages'
import {de} from './de'
import {es} from './es'
import {fa} from './fa'
import {fr} from './fr'
import {italian} from './it'
import {ja} from './ja'
import {ko} from './ko'
import {ptBR} from './pt-BR'
import {ru} from './ru'
import {tr} from './tr'
import {zhCN} from './zh-CN'
import {zhHant} from './zh-Hant'

export type UiCatalog = Readonly<Record<UiMessageKey, string>>

const ENGLISH: UiCatalog = Object.fromEntries(UI_MESSAGE_KEYS.map((key) => [key, UI_MESSAGES[key].message])) as Record<UiMessageKey, string>

/** Swiss Standard German writes "ss" where German writes "ß" (Strasse, schliessen). */
const SWISS_GERMAN: UiCatalog = Object.fromEntries(UI_MESSAGE_KEYS.map((key) => [key, de[key].replace(/ß/g, 'ss')])) as Record<UiMessageKey, string>

/** The languages with a built-in translation, by the locale codes that read it. */
export const BUILT_IN_LANGUAGES = ['en', 'de', 'es', 'fa', 'fr', 'it', 'ja', 'ko', 'pt-BR', 'ru', 'tr', 'zh-CN', 'zh-Hant'] as const

/** By primary language subtag; Chinese and German are chosen by script or region below. */
const BY_LANGUAGE: ReadonlyMap<string, UiCatalog> = new Map([
  ['en', ENGLISH],
  ['es', es],
  ['fa', fa],
  ['fr', fr],
  ['it', italian],
  ['ja', ja],
  ['ko', ko],
  ['pt', ptBR],
  ['ru', ru],
  ['tr', tr],
])

/** Regions whose Chinese is written in Traditional characters when the code names no script. */
const TRADITIONAL_CHINESE_REGIONS = new Set(['tw', 'hk', 'mo'])

/**
 * The built-in interface of a locale, by its language: en-GB reads English, fr-CA French, es-MX
 * Spanish, pt and pt-PT Brazilian Portuguese (the closest there is), de-CH and de-LI German with "ss"
 * for "ß"; Chinese by its script, else its region: zh-Hant, zh-TW, zh-HK and zh-MO Traditional, zh,
 * zh-CN, zh-SG and zh-Hans Simplified (zh-Hans-HK too). Other languages have none (null).
 */
export function builtInUiCatalog(locale: Locale): UiCatalog | null {
  const [language = '', ...rest] = locale.toLowerCase().split(/[-_]/)
  if (language === 'zh') {
    const script = rest.find((part) => part === 'hant' || part === 'hans')
    const traditional = script ? script === 'hant' : rest.some((part) => TRADITIONAL_CHINESE_REGIONS.has(part))
    return traditional ? zhHant : zhCN
  }
  if (language === 'de') return rest.some((part) => part === 'ch' || part === 'li') ? SWISS_GERMAN : de
  return BY_LANGUAGE.get(language) ?? null
}
