/**
 * Interface strings, one uiStrings document per locale: each starts from the built-in translation of
 * its language (schemas/src/ui-catalogs, BUILT_IN_LANGUAGES), the default locale from English when its
 * language has none; then the theme translations of the site's installed Docusaurus override them
 * (what its build shows, theme-translations.ts), then i18n/<locale>/code.json, its Docusaurus theme
 * ids mapped onto the catalogue's keys. A locale of a language without a built-in translation is told which messages
 * its code.json leaves to another language.
 */
import {
  BUILT_IN_LANGUAGES,
  builtInUiCatalog,
  documentId,
  messagePlaceholders,
  UI_MESSAGE_KEY_BY_DOCUSAURUS_ID,
  UI_MESSAGE_KEYS,
  UI_MESSAGES,
  unknownPlaceholders,
  type UiMessageKey,
} from '@site/schemas'
import type {Locale} from '@site/schemas/model'
import type {DiagnosticLog} from '../diagnostics'
import type {ImportedUiStrings, SanityDocument} from './sanity-document'
import {readLabelTranslations} from './i18n-labels'
import {i18nFolder, type SiteConfig} from './site-config'
import {TAGLINE_MESSAGE_ID} from './site-settings'
import {installedThemeTranslationsDir, readThemeTranslations} from './theme-translations'

const OWN_KEYS: ReadonlySet<string> = new Set(UI_MESSAGE_KEYS)
/** Docusaurus messages that are parts of others (theme.blog.post.plurals in theme.blog.tagTitle): used through them. */
const PART_IDS: ReadonlySet<string> = new Set(
  UI_MESSAGE_KEYS.flatMap((key) =>
    Object.values(UI_MESSAGES[key].docusaurusPlaceholders ?? {}).flatMap((part) => (typeof part === 'object' && 'message' in part ? [part.message] : [])),
  ),
)

/** `usedElsewhere`: ids of the site's own messages that its rendered React pages used (not reported as unused). */
export async function buildUiStrings(
  contentDir: string,
  site: SiteConfig,
  log: DiagnosticLog,
  usedElsewhere: ReadonlySet<string> = new Set(),
): Promise<SanityDocument[]> {
  const {locales, defaultLocale} = site
  const fileFor = (locale: Locale) => `i18n/${i18nFolder(site, locale)}/code.json`
  const translations = (await readLabelTranslations(contentDir, defaultLocale, locales, fileFor, log, {includeDefault: true})).messages
  const documents: SanityDocument[] = []
  const themeDir = installedThemeTranslationsDir(contentDir)
  for (const locale of locales) {
    const values = new Map<UiMessageKey, string>()
    const builtIn = builtInUiCatalog(locale)
    if (builtIn) for (const key of UI_MESSAGE_KEYS) values.set(key, builtIn[key])
    else if (locale === defaultLocale) for (const key of UI_MESSAGE_KEYS) values.set(key, UI_MESSAGES[key].message)
    const translated = new Set<UiMessageKey>()
    // The installed theme's own text, where it has the message in a form ours can take (a message
    // whose placeholders cannot be filled keeps the built-in text; the site's code.json still overrides).
    const theme = await readThemeTranslations(contentDir, locale, themeDir)
    if (theme)
      for (const key of UI_MESSAGE_KEYS) {
        // An older Docusaurus names some messages by ids the current one renamed.
        const ids = [UI_MESSAGES[key].docusaurusId, ...(UI_MESSAGES[key].docusaurusIdAliases ?? [])]
        const message = ids.map((id) => (id === undefined ? undefined : theme.messages.get(id))).find((text) => text !== undefined)
        if (message === undefined) continue
        const converted = fromDocusaurusMessage(key, message, theme.messages)
        if ('value' in converted && unknownPlaceholders(key, converted.value).length === 0) {
          values.set(key, converted.value)
          translated.add(key)
        }
      }
    const unusedTheme: string[] = []
    const unusedOwn: string[] = []
    const file = translations.get(locale) ?? new Map<string, string>()
    // Messages a translation refers to (a plural it embeds) come from code.json, else from the theme.
    const parts = theme ? new Map([...theme.messages, ...file]) : file
    for (const [id, message] of [...file].sort(([a], [b]) => a.localeCompare(b))) {
      // The tagline's translations belong to the site settings (site-settings.ts).
      if (id === TAGLINE_MESSAGE_ID) continue
      const key = OWN_KEYS.has(id) ? (id as UiMessageKey) : UI_MESSAGE_KEY_BY_DOCUSAURUS_ID.get(id)
      if (!key) {
        if (!usedElsewhere.has(id) && !PART_IDS.has(id)) (id.startsWith('theme.') ? unusedTheme : unusedOwn).push(id)
        continue
      }
      // An id of an earlier Docusaurus version gives way to the current one when the file has both.
      const current = UI_MESSAGES[key].docusaurusId
      if (!OWN_KEYS.has(id) && current && current !== id && file.has(current)) continue
      const converted = OWN_KEYS.has(id) ? {value: message} : fromDocusaurusMessage(key, message, parts)
      const unknown = 'value' in converted ? unknownPlaceholders(key, converted.value) : []
      if ('problem' in converted || unknown.length > 0) {
        const problem =
          'problem' in converted
            ? converted.problem
            : `${unknown.map((name) => `{${name}}`).join(', ')} cannot be filled in (the message has ${placeholderList(key)})`
        log.warn({file: fileFor(locale), message: `"${id}": ${problem}: ${values.has(key) ? 'the built-in translation is used' : 'the English text is used'}`})
        continue
      }
      values.set(key, converted.value)
      translated.add(key)
    }
    if (!builtIn) reportUntranslated(locale, defaultLocale, fileFor(locale), translated, log)
    // Reported once per file: messages of Docusaurus theme features this site does not have, and the
    // site's own messages (of its React components, which are not imported).
    if (unusedTheme.length > 0) {
      log.warn({
        file: fileFor(locale),
        message: `${unusedTheme.length} ${unusedTheme.length === 1 ? 'message' : 'messages'} of Docusaurus theme features this site does not show (${unusedTheme.slice(0, 3).join(', ')}${unusedTheme.length > 3 ? ', …' : ''}): not imported`,
      })
    }
    if (unusedOwn.length > 0) {
      log.warn({
        file: fileFor(locale),
        message: `${unusedOwn.length} ${unusedOwn.length === 1 ? 'message' : 'messages'} of the site's own components, which are not imported (${unusedOwn
          .slice(0, 3)
          .map((id) => JSON.stringify(id))
          .join(', ')}${unusedOwn.length > 3 ? ', …' : ''}): not imported`,
      })
    }
    if (locale !== defaultLocale && values.size === 0) continue
    documents.push({
      _id: documentId('uiStrings', locale),
      _type: 'uiStrings',
      language: locale,
      messages: [...values].map(([key, value]) => ({_type: 'uiMessage', _key: key.replace(/\./g, '-'), key, value})),
    } satisfies ImportedUiStrings)
  }
  return documents
}

/**
 * Docusaurus has theme translations for many languages; this site has its own for fewer. A locale of
 * another language reads every message its code.json lacks in another language: say how many, which
 * (by the ids code.json would give them), and in what language they show.
 */
function reportUntranslated(locale: Locale, defaultLocale: Locale, file: string, translated: ReadonlySet<UiMessageKey>, log: DiagnosticLog): void {
  const missing = UI_MESSAGE_KEYS.filter((key) => !translated.has(key))
  if (missing.length === 0) return
  const ids = missing.map((key) => UI_MESSAGES[key].docusaurusId ?? key)
  const shownIn = locale === defaultLocale ? 'in English' : `as the default locale ${defaultLocale} shows them`
  log.warn({
    file,
    message: `${missing.length} of ${UI_MESSAGE_KEYS.length} interface messages have no translation for ${locale}, neither in this file nor built in (the built-in languages are ${BUILT_IN_LANGUAGES.join(', ')}): they are shown ${shownIn} (${ids.slice(0, 3).join(', ')}${ids.length > 3 ? ', …' : ''})`,
  })
}

function placeholderList(key: UiMessageKey): string {
  const names = messagePlaceholders(UI_MESSAGES[key].message)
  return names.length > 0 ? names.map((name) => `{${name}}`).join(', ') : 'no placeholders'
}

/**
 * A Docusaurus translation in the shape of our message: its placeholders renamed ({readingTime} is
 * our {count}), or filled with the text of the Docusaurus message they stand for ({nPosts} is the
 * plural "One post|{count} posts": the result has one form per form of that message).
 */
export function fromDocusaurusMessage(key: UiMessageKey, message: string, file: ReadonlyMap<string, string>): {value: string} | {problem: string} {
  const placeholders = UI_MESSAGES[key].docusaurusPlaceholders
  if (!placeholders) return {value: message}
  let forms = [message]
  for (const [name, replacement] of Object.entries(placeholders)) {
    const pattern = new RegExp(`\\{${name}\\}`, 'g')
    if (typeof replacement === 'string') {
      forms = forms.map((form) => form.replace(pattern, `{${replacement}}`))
    } else if ('text' in replacement) {
      forms = forms.map((form) => form.replace(pattern, replacement.text))
    } else if (forms.some((form) => form.includes(`{${name}}`))) {
      const text = file.get(replacement.message)
      if (text === undefined) return {problem: `{${name}} stands for the message "${replacement.message}", which this file does not have`}
      const parts = replacement.plural ? text.split('|') : [text]
      // A single-form message takes the forms of the plural one; forms already plural pair up.
      forms =
        forms.length === 1
          ? parts.map((part) => forms[0]!.replace(pattern, () => part))
          : forms.map((form, index) => form.replace(pattern, () => parts[Math.min(index, parts.length - 1)]!))
    }
  }
  return {value: forms.map((form) => form.replace(/^ +| +$/g, '')).join('|')}
}
