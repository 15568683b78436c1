/**
 * The theme's own translations of the Docusaurus the site has installed (@docusaurus/theme-translations
 * in its node_modules): what its build shows for a locale whose code.json does not translate a
 * message. Found for a locale the way Docusaurus finds them: the locale's code, then its maximized
 * language-region, language-script and language (`pt-br` reads `pt-BR/`, `zh` reads `zh-Hans/`).
 * Versions differ (2.4.3 leaves pt-BR's admonition labels in English, 3.x translates them), so the
 * import reads the installed one rather than a copy of any.
 */
import {readdir, readFile} from 'node:fs/promises'
import {createRequire} from 'node:module'
import path from 'node:path'

export interface ThemeTranslations {
  /** Where they were read, relative to the site: `node_modules/@docusaurus/theme-translations/locales/pt-BR`. */
  readonly folder: string
  /** Docusaurus message id → text (descriptions left out). */
  readonly messages: ReadonlyMap<string, string>
}

/**
 * The folders Docusaurus tries for a locale, in its order. An English locale has none of its own: its
 * build shows the messages as the theme's code writes them, which the package keeps in `base/`.
 */
export function themeLocaleFolders(locale: string): string[] {
  let maximized: Intl.Locale
  try {
    maximized = new Intl.Locale(locale).maximize()
  } catch {
    return [locale]
  }
  const candidates = [locale, `${maximized.language}-${maximized.region}`, `${maximized.language}-${maximized.script}`, maximized.language]
  if (maximized.language === 'en') candidates.push('base')
  return [...new Set(candidates.filter((candidate) => !candidate.includes('undefined')))]
}

/** The installed package's locales folder, or undefined when the site has not installed Docusaurus's theme translations. */
export function installedThemeTranslationsDir(siteDir: string): string | undefined {
  try {
    const main = createRequire(path.join(path.resolve(siteDir), 'package.json')).resolve('@docusaurus/theme-translations')
    // main is <package>/lib/index.js
    return path.join(path.dirname(path.dirname(main)), 'locales')
  } catch {
    return undefined
  }
}

/** The installed theme's translations for `locale`, or undefined when none is installed or none matches the locale. */
export async function readThemeTranslations(
  siteDir: string,
  locale: string,
  localesDir = installedThemeTranslationsDir(siteDir),
): Promise<ThemeTranslations | undefined> {
  if (!localesDir) return undefined
  for (const folder of themeLocaleFolders(locale)) {
    const dir = path.join(localesDir, folder)
    let names: string[]
    try {
      names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort()
    } catch {
      continue
    }
    const messages = new Map<string, string>()
    for (const name of names) {
      const file = path.join(dir, name)
      let parsed: unknown
      try {
        parsed = JSON.parse(await readFile(file, 'utf8'))
      } catch (error) {
        throw new Error(`${path.relative(siteDir, file)}: not JSON (${error instanceof Error ? error.message : String(error)})`, {cause: error})
      }
      if (typeof parsed !== 'object' || parsed === null) continue
      for (const [id, text] of Object.entries(parsed)) {
        if (typeof text === 'string' && !id.endsWith('___DESCRIPTION')) messages.set(id, text)
      }
    }
    return {folder: path.relative(siteDir, dir).split(path.sep).join('/'), messages}
  }
  return undefined
}
