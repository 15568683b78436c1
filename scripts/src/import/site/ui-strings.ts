/**
 * Interface strings, one uiStrings document per locale: English from the catalogue of
 * schemas/src/ui-messages.ts (overridden by i18n/en/code.json when present), the other locales from
 * i18n/<locale>/code.json, whose Docusaurus theme ids are mapped onto the catalogue's keys.
 */
import {documentId, type Locale, UI_MESSAGE_KEY_BY_DOCUSAURUS_ID, UI_MESSAGE_KEYS, UI_MESSAGES, type UiMessageKey} from '@site/schemas'
import type {DiagnosticLog} from '../diagnostics'
import type {SanityDocument} from './documents'
import {readLabelTranslations} from './i18n-labels'
import {TAGLINE_MESSAGE_ID} from './site-settings'

const OWN_KEYS: ReadonlySet<string> = new Set(UI_MESSAGE_KEYS)

export async function buildUiStrings(
  contentDir: string,
  locales: readonly Locale[],
  defaultLocale: Locale,
  log: DiagnosticLog,
): Promise<SanityDocument[]> {
  const fileFor = (locale: Locale) => `i18n/${locale}/code.json`
  const translations = await readLabelTranslations(contentDir, locales, fileFor, log)
  const documents: SanityDocument[] = []
  for (const locale of locales) {
    const values = new Map<UiMessageKey, string>()
    if (locale === defaultLocale) for (const key of UI_MESSAGE_KEYS) values.set(key, UI_MESSAGES[key].message)
    for (const [id, message] of [...(translations.get(locale) ?? [])].sort(([a], [b]) => a.localeCompare(b))) {
      // The tagline's translations belong to the site settings (site-settings.ts).
      if (id === TAGLINE_MESSAGE_ID) continue
      const key = OWN_KEYS.has(id) ? (id as UiMessageKey) : UI_MESSAGE_KEY_BY_DOCUSAURUS_ID.get(id)
      if (!key) {
        log.warn({file: fileFor(locale), field: id, message: 'no interface message of the site has this id; not imported'})
        continue
      }
      values.set(key, message)
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
