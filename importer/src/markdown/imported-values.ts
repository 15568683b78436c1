/**
 * Attribute expressions that read what the page imports from the site's own modules
 * (`values={constants.packageManagers}` after `import constants from '@site/core/TabsConstants'`): the value
 * Docusaurus's render of the page would read, through the conversion context's `importedValue`.
 */
import type {HandlerContext} from './handler-context'

/** `name`, `name.member.member`, or either called with arguments: `name.member(…)`. */
const IMPORTED_EXPRESSION = /^([A-Za-z_$][\w$]*)((?:\s*\.\s*[A-Za-z_$][\w$]*)*)(?:\s*\(([\s\S]*)\))?$/

/**
 * The value of `expression` when it reads an import of the file from a site module; null when it does not (a
 * literal, a variable of the page, no renderer); a problem when it does but cannot be read here.
 */
export function importedValue(cx: HandlerContext, expression: string): {value: unknown} | {problem: string} | null {
  const match = IMPORTED_EXPRESSION.exec(expression.trim())
  const component = match?.[1] ? cx.componentImports.get(match[1]) : undefined
  if (!match || !component || !cx.context.importedValue) return null
  const member = (match[2] ?? '')
    .split('.')
    .map((name) => name.trim())
    .filter(Boolean)
  const args = match[3]
  if (args === undefined || !IMPORTED_ARGUMENTS.test(args)) return cx.context.importedValue(component, member, args)
  // Arguments that are imports of the page themselves (`trimSnippet(snippet)`): their values, read first.
  const values: unknown[] = []
  for (const name of args.split(',').map((arg) => arg.trim())) {
    const read = importedValue(cx, name)
    if (read === null) return cx.context.importedValue(component, member, args)
    if ('problem' in read) return read
    values.push(read.value)
  }
  return cx.context.importedValue(component, member, values)
}

/** Call arguments that are names only (`a, b`). */
const IMPORTED_ARGUMENTS = /^\s*[A-Za-z_$][\w$]*(?:\s*,\s*[A-Za-z_$][\w$]*)*\s*$/
