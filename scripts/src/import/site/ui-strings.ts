/**
 * Interface strings, one uiStrings document per locale: each starts from the built-in translation of
 * its language (schemas/src/ui-catalogs: English, French, Brazilian Portuguese, Simplified Chinese),
 * the default locale from English when its language has none; then i18n/<locale>/code.json overrides
 * them, its Docusaurus theme ids mapped onto the catalogue's keys.
 */
import {builtInUiCatalog, documentId, UI_MESSAGE_KEY_BY_DOCUSAURUS_ID, UI_MESSAGE_KEYS, UI_MESSAGES, type UiMessageKey} from '@site/schemas'
import type {Locale} from '@site/schemas/model'
import type {DiagnosticLog} from '../diagnostics'
import type {SanityDocument} from './documents'
import {readLabelTranslations} from './i18n-labels'
import {i18nFolder, type SiteConfig} from './site-config'
import {TAGLINE_MESSAGE_ID} from './site-settings'

const OWN_KEYS: ReadonlySet<string> = new Set(UI_MESSAGE_KEYS)

/** `usedElsewhere`: ids of the site's own messages that its rendered React pages used (not reported as unused). */
export async function buildUiStrings(contentDir: string, site: SiteConfig, log: DiagnosticLog, usedElsewhere: ReadonlySet<string> = new Set()): Promise<SanityDocument[]> {
  const {locales, defaultLocale} = site
  const fileFor = (locale: Locale) => `i18n/${i18nFolder(site, locale)}/code.json`
  const translations = (await readLabelTranslations(contentDir, defaultLocale, locales, fileFor, log, {includeDefault: true})).messages
  const documents: SanityDocument[] = []
  for (const locale of locales) {
    const values = new Map<UiMessageKey, string>()
    const builtIn = builtInUiCatalog(locale)
    if (builtIn) for (const key of UI_MESSAGE_KEYS) values.set(key, builtIn[key])
    else if (locale === defaultLocale) for (const key of UI_MESSAGE_KEYS) values.set(key, UI_MESSAGES[key].message)
    const unusedTheme: string[] = []
    const unusedOwn: string[] = []
    for (const [id, message] of [...(translations.get(locale) ?? [])].sort(([a], [b]) => a.localeCompare(b))) {
      // The tagline's translations belong to the site settings (site-settings.ts).
      if (id === TAGLINE_MESSAGE_ID) continue
      const key = OWN_KEYS.has(id) ? (id as UiMessageKey) : UI_MESSAGE_KEY_BY_DOCUSAURUS_ID.get(id)
      if (!key) {
        if (!usedElsewhere.has(id)) (id.startsWith('theme.') ? unusedTheme : unusedOwn).push(id)
        continue
      }
      values.set(key, message)
    }
    // Reported once per file: messages of Docusaurus theme features this site does not have, and the
    // site's own messages (of its React components, which are not imported).
    if (unusedTheme.length > 0) {
      log.warn({file: fileFor(locale), message: `${unusedTheme.length} ${unusedTheme.length === 1 ? 'message' : 'messages'} of Docusaurus theme features this site does not show (${unusedTheme.slice(0, 3).join(', ')}${unusedTheme.length > 3 ? ', …' : ''}): not imported`})
    }
    if (unusedOwn.length > 0) {
      log.warn({file: fileFor(locale), message: `${unusedOwn.length} ${unusedOwn.length === 1 ? 'message' : 'messages'} of the site's own components, which are not imported (${unusedOwn.slice(0, 3).map((id) => JSON.stringify(id)).join(', ')}${unusedOwn.length > 3 ? ', …' : ''}): not imported`})
    }
    if (locale !== defaultLocale && values.size === 0) continue
    documents.push({
      _id: documentId('uiStrings', locale),
      _type: 'uiStrings',
      language: locale,
      messages: [...values].map(([key, value]) => ({_type: 'uiMessage', _key: key.replace(/\./g, '-'), key, value})),
    })
  }
  return documents
}
