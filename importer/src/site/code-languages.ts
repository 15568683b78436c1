/**
 * Code languages the highlighter does not know, counted over the whole site: one warning per language
 * (where it is first used, with the number of blocks and files), not one per block. A language the
 * config adds (`themeConfig.prism.additionalLanguages`) or the site defines itself
 * (`src/theme/prism-include-languages`) is named as such.
 */
import {existsSync} from 'node:fs'
import path from 'node:path'
import type {DiagnosticLog} from '../diagnostics'
import {isRecord} from '../front-matter'

interface Uses {
  blocks: number
  files: Set<string>
  first: {file: string; line: number}
}

export class UnknownCodeLanguages {
  private readonly uses = new Map<string, Uses>()

  add(language: string, file: string, line: number): void {
    const uses = this.uses.get(language) ?? {blocks: 0, files: new Set<string>(), first: {file, line}}
    uses.blocks++
    uses.files.add(file)
    this.uses.set(language, uses)
  }

  /** One warning per language, in the order first used. */
  report(log: DiagnosticLog, site: {contentDir: string; themeConfig: Record<string, unknown>; configFile: string}): void {
    const prism = isRecord(site.themeConfig.prism) ? site.themeConfig.prism : {}
    const added = new Set(Array.isArray(prism.additionalLanguages) ? prism.additionalLanguages.filter((name): name is string => typeof name === 'string') : [])
    const ownFile = ['js', 'ts', 'jsx', 'tsx']
      .map((extension) => `src/theme/prism-include-languages.${extension}`)
      .find((file) => existsSync(path.join(site.contentDir, file)))
    for (const [language, {blocks, files, first}] of this.uses) {
      const origin = added.has(language)
        ? ` (${site.configFile} adds it with prism.additionalLanguages)`
        : ownFile
          ? ` (languages ${ownFile} defines are not carried over)`
          : ''
      const count = blocks === 1 ? 'its code block is' : `its ${blocks} code blocks${files.size > 1 ? ` in ${files.size} files` : ''} are`
      log.warn({...first, message: `code language "${language}"${origin} is not one the highlighter knows: ${count} shown as plain text`})
    }
  }
}
