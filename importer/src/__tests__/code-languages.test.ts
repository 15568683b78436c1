// Code fences in languages the highlighter does not know: one warning per language of the site, with
// the count, naming where the language comes from (prism.additionalLanguages, the site's own
// prism-include-languages); a language it knows is highlighted. Small sites in a temporary folder.
import {rm} from 'node:fs/promises'
import {afterAll, describe, expect, it} from 'vitest'
import {formatDiagnostic, sortDiagnostics} from '../diagnostics'
import {normalizeLanguage} from '../markdown/code-fence'
import type {ImportResult} from '../run-import'
import {importFiles} from './fixture-site'

const temporary: string[] = []

afterAll(async () => {
  for (const dir of temporary) await rm(dir, {recursive: true, force: true})
})

const warnings = (result: ImportResult) => sortDiagnostics(result.warnings).map(formatDiagnostic)

const config = (prism: string) =>
  `export default {title: 'Kites', url: 'https://kites.example.org', baseUrl: '/', presets: [['classic', {docs: {sidebarPath: './sidebars.js'}, blog: false}]], themeConfig: {prism: ${prism}}}\n`

const fences = (language: string, count: number) => Array.from({length: count}, (_, index) => `\`\`\`${language}\nstep ${index}\n\`\`\`\n`).join('\n')

describe('code languages the highlighter does not know', () => {
  it('are reported once per language with the number of blocks and files, at their first use', async () => {
    const result = await importFiles(
      {
        'docusaurus.config.js': config("{additionalLanguages: ['kitelang', 'powershell']}"),
        'sidebars.js': "module.exports = {notes: ['intro', 'knots']}\n",
        'docs/intro.md': `---\nslug: /\n---\n\n# Intro\n\n${fences('kitelang', 3)}\n${fences('spoolscript', 1)}\n${fences('powershell', 2)}`,
        'docs/knots.md': `# Knots\n\n${fences('kitelang', 2)}`,
      },
      temporary,
      'code-languages-',
    )
    expect(warnings(result)).toEqual([
      'docs/intro.md:7: code language "kitelang" (docusaurus.config.js adds it with prism.additionalLanguages) is not one the highlighter knows: its 5 code blocks in 2 files are shown as plain text',
      'docs/intro.md:19: code language "spoolscript" is not one the highlighter knows: its code block is shown as plain text',
    ])
    const intro = result.documents.find((document) => document._id === 'doc-current-en-index') as unknown as {body: Array<{_type: string; language?: string}>}
    // The language is kept as written (the site shows it as plain text); PowerShell, which the config adds too, is one the highlighter knows.
    expect(intro.body.filter((block) => block._type === 'codeBlock').map((block) => block.language)).toEqual([
      'kitelang',
      'kitelang',
      'kitelang',
      'spoolscript',
      'powershell',
      'powershell',
    ])
  })

  it('says when the site defines languages of its own in src/theme/prism-include-languages', async () => {
    const result = await importFiles(
      {
        'docusaurus.config.js': config('{}'),
        'sidebars.js': "module.exports = {notes: ['intro']}\n",
        'docs/intro.md': `---\nslug: /\n---\n\n# Intro\n\n${fences('tetherlang', 2)}`,
        'src/theme/prism-include-languages.js': 'export default function prismIncludeLanguages() {}\n',
      },
      temporary,
      'code-languages-',
    )
    expect(warnings(result)).toContain(
      'docs/intro.md:7: code language "tetherlang" (languages src/theme/prism-include-languages.js defines are not carried over) is not one the highlighter knows: its 2 code blocks are shown as plain text',
    )
  })
})

describe('language names', () => {
  it("folds the aliases of one grammar onto the highlighter's name, and keeps a shell session apart from a script", () => {
    expect(normalizeLanguage('JavaScript')).toEqual({language: 'js', known: true})
    expect(normalizeLanguage('yml')).toEqual({language: 'yaml', known: true})
    // A session (prompts, then what the command printed) is not bash: Docusaurus keeps it as "console", highlighted as a session.
    expect(normalizeLanguage('console')).toEqual({language: 'console', known: true})
    expect(normalizeLanguage(undefined)).toEqual({language: 'text', known: true})
  })
})
