/**
 * The config's `markdown.preprocessor` ({filePath, fileContent}) => string, which Docusaurus runs over every markdown
 * file it compiles before reading it (Arbitrum's docs fill in `@@name=value@@` from a table of values with it). The
 * import runs it over every markdown file it reads, partials included. A preprocessor that throws or gives no text
 * leaves that file as written, named in a warning. Its `markdown.parseFrontMatter` hook is applied too.
 */
import path from 'node:path'
import matter from 'gray-matter'
import {stringify} from 'yaml'
import type {DiagnosticLog} from '../diagnostics'
import {isRecord} from '../front-matter'

export type MarkdownPreprocessor = (file: string, text: string) => string

/** The config's preprocessor as a function of a file (relative to the site folder) and its text; undefined when it has none. */
export function markdownPreprocessorOf(
  config: Record<string, unknown>,
  siteDir: string,
  configFile: string,
  log: DiagnosticLog,
): MarkdownPreprocessor | undefined {
  const markdown = isRecord(config.markdown) ? config.markdown : {}
  const preprocessor = markdown.preprocessor
  if (preprocessor === undefined) return undefined
  if (typeof preprocessor !== 'function') {
    log.warn({file: configFile, field: 'markdown.preprocessor', message: 'is not a function: not run, the files are read as written'})
    return undefined
  }
  const warned = new Set<string>()
  return (file, text) => {
    if (!/\.mdx?$/i.test(file)) return text
    let result: unknown
    try {
      result = (preprocessor as (params: {filePath: string; fileContent: string}) => unknown)({filePath: path.resolve(siteDir, file), fileContent: text})
    } catch (error) {
      result = error instanceof Error ? error : new Error(String(error))
    }
    if (typeof result === 'string') return result
    if (!warned.has(file)) {
      warned.add(file)
      const why =
        result instanceof Error ? `failed (${result.message.split('\n')[0] ?? ''})` : `gave ${result === null ? 'null' : typeof result}, not the file's text`
      log.warn({file, message: `the config's markdown.preprocessor (${configFile}) ${why}: this file is read as written`})
    }
    return text
  }
}

/**
 * The config's `markdown.parseFrontMatter` hook ({filePath, fileContent, defaultParseFrontMatter}) => {frontMatter,
 * content}, which Docusaurus calls for every markdown file: where it gives other front matter than the default parser
 * reads (a site that sets or clears fields by rule), the file's front matter is written anew with what it gave, so
 * that the import reads what Docusaurus reads. A hook that fails leaves the file as written, named in a warning.
 */
export async function applyFrontMatterHook(
  config: Record<string, unknown>,
  siteDir: string,
  configFile: string,
  files: Array<{path: string; text: string}>,
  log: DiagnosticLog,
): Promise<number> {
  const markdown = isRecord(config.markdown) ? config.markdown : {}
  const hook = markdown.parseFrontMatter
  if (hook === undefined) return 0
  if (typeof hook !== 'function') {
    log.warn({file: configFile, field: 'markdown.parseFrontMatter', message: 'is not a function: not run, front matter is read as written'})
    return 0
  }
  const defaultParseFrontMatter = ({fileContent}: {fileContent: string}) => {
    const parsed = matter(fileContent, {})
    return Promise.resolve({frontMatter: parsed.data, content: parsed.content})
  }
  let changed = 0
  for (const file of files) {
    if (!/\.mdx?$/i.test(file.path)) continue
    const own = await defaultParseFrontMatter({fileContent: file.text})
    let given: unknown
    try {
      given = await (hook as (params: unknown) => unknown)({filePath: path.resolve(siteDir, file.path), fileContent: file.text, defaultParseFrontMatter})
    } catch (error) {
      log.warn({
        file: file.path,
        message: `the config's markdown.parseFrontMatter (${configFile}) failed (${error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)}): its front matter is read as written`,
      })
      continue
    }
    const frontMatter = isRecord(given) && isRecord(given.frontMatter) ? given.frontMatter : undefined
    if (!frontMatter) {
      log.warn({
        file: file.path,
        message: `the config's markdown.parseFrontMatter (${configFile}) gave no front matter object: its front matter is read as written`,
      })
      continue
    }
    if (JSON.stringify(frontMatter) === JSON.stringify(own.frontMatter)) continue
    const content = isRecord(given) && typeof given.content === 'string' ? given.content : own.content
    file.text = Object.keys(frontMatter).length === 0 ? content : `---\n${stringify(frontMatter).trimEnd()}\n---\n${content}`
    changed++
  }
  return changed
}
