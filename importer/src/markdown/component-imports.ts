/**
 * The components a markdown file imports from the site's own modules, and what rendering one use of
 * them gives (see site/site-components.ts, which loads and renders them).
 */
import {isAssetSpecifier} from './handlers/asset-imports'
import {unwrapMdxCodeBlocksInText} from './handlers/mdx-code-block'
import {JS_STRING, jsStringValue} from './js-string'

/** webpack's raw-loader written inline (`!!raw-loader!./snippet.dart`): the module is the file's text. */
export const RAW_LOADER = /^[-!]*raw-loader(?:\?[^!]*)?!/

/** `import X from '…'`, `import {A, B as C} from '…'`, `import X, {A} from '…'`. */
const IMPORT_STATEMENT = String.raw`import\s+(?:(\w+)|\{([^}]*)\}|(\w+)\s*,\s*\{([^}]*)\})\s+from\s+(${JS_STRING})`
/** Import statements at the start of a line or after another statement on the same line (`import A from 'a'; import B from 'b'`). */
const IMPORTS_IN_TEXT = new RegExp(`(?:^|;[ \\t]*)${IMPORT_STATEMENT}`, 'gm')
const IMPORT_LINE = new RegExp(String.raw`^\s*${IMPORT_STATEMENT}`)

/** A name an import statement binds: `local` in the file, standing for the module's `exported`. */
export interface ImportBinding {
  local: string
  exported: string
}

/** An import statement: the names it binds, its specifier's value, and the name of a default import written alone (`import X from '…'`). */
export interface ImportStatement {
  bindings: ImportBinding[]
  specifier: string
  defaultOnly?: string
}

/** The import statement IMPORT_STATEMENT matched. */
function importOf(match: RegExpMatchArray): ImportStatement {
  const bindings: ImportBinding[] = []
  const defaultName = match[1] ?? match[3]
  if (defaultName) bindings.push({local: defaultName, exported: 'default'})
  for (const entry of (match[2] ?? match[4] ?? '').split(',')) {
    const [exported, local = exported] = entry.trim().split(/\s+as\s+/)
    if (exported) bindings.push({local: local ?? exported, exported})
  }
  return {bindings, specifier: jsStringValue(match[5] ?? ''), ...(match[1] ? {defaultOnly: match[1]} : {})}
}

/** One line's import statement (indentation allowed), or null when the line is not one. */
export function parseImportLine(line: string): ImportStatement | null {
  const match = IMPORT_LINE.exec(line)
  return match ? importOf(match) : null
}

export interface ImportedComponent {
  /** The name the markdown uses (`Links`, or `Links.Tides` for a member). */
  local: string
  /** The export it is: 'default' or a named export. */
  exported: string
  specifier: string
  /** The members read from the export, in order (`<Links.Tides />`: ['Tides']). */
  member?: string[]
}

/**
 * The component a tag names among a file's imports: an imported name (`<Tides />`) or a member of one
 * (`<Links.Tides />`, an object of components); undefined when its first name is not imported.
 */
export function importedComponent(imports: ReadonlyMap<string, ImportedComponent>, name: string): ImportedComponent | undefined {
  const [local = '', ...member] = name.split('.')
  const imported = imports.get(local)
  if (!imported || member.length === 0) return imported
  return {...imported, local: name, member}
}

/** The components a markdown file imports from the site's own files (not Docusaurus's, not markdown partials). */
export function componentImports(text: string): ImportedComponent[] {
  const found: ImportedComponent[] = []
  // Import lines of code samples are not the page's: fenced code is left out (mdx-code-block fences are MDX, unwrapped first).
  for (const match of withoutFencedCode(unwrapMdxCodeBlocksInText(text)).matchAll(IMPORTS_IN_TEXT)) {
    const {bindings, specifier} = importOf(match)
    if (isSiteModule(specifier)) for (const binding of bindings) found.push({...binding, specifier})
  }
  return found
}

/** Every import statement of a markdown file as written, with the names it binds and its specifier's value. */
export function importStatements(text: string): Array<{statement: string; names: string[]; specifier: string}> {
  return [...withoutFencedCode(unwrapMdxCodeBlocksInText(text)).matchAll(IMPORTS_IN_TEXT)].map((match) => {
    const {bindings, specifier} = importOf(match)
    return {statement: match[0].replace(/^;[ \t]*/, ''), names: bindings.map((binding) => binding.local), specifier}
  })
}

/** The markdown files a file imports as partials (`import Intro from './_intro.mdx'`): their specifiers. */
export function partialImports(text: string): string[] {
  return [...withoutFencedCode(unwrapMdxCodeBlocksInText(text)).matchAll(IMPORTS_IN_TEXT)]
    .map((match) => importOf(match).specifier)
    .filter((specifier) => /\.mdx?$/.test(specifier))
}

/**
 * A module of the site itself (`@site/…`, a relative path, or an absolute one, which webpack resolves
 * from the site folder), not a package, a theme module, markdown or an asset file (an image).
 */
function isSiteModule(written: string): boolean {
  // `!!raw-loader!./snippet.dart`: the file's text, a module of the site too.
  if (RAW_LOADER.test(written)) return true
  const specifier = written
  return (
    (specifier.startsWith('@site/') || specifier.startsWith('./') || specifier.startsWith('../') || specifier.startsWith('/')) &&
    !/\.(mdx?|css|scss|sass|less|json|ya?ml)$/.test(specifier) &&
    !isAssetSpecifier(specifier)
  )
}

export type RenderedComponent = {markup: string} | {problem: string}

/**
 * A child given to a component as an element of another component of the site (`<DatabaseTab value="postgres">` inside
 * `<DatabaseTabs>`, which reads its children's props), its own content a marker.
 */
export interface ElementChild {
  component: ImportedComponent
  attributes: Record<string, string | true>
  expressions: ReadonlySet<string>
  marker: string
}

/** Props of a use that read what the page imports: its `{...x}` spreads merged in order, and attributes `name={x.y}`. */
export interface ImportedProps {
  spread: Record<string, unknown>
  named: Record<string, unknown>
}

/** The text with the lines of fenced code blocks (``` or ~~~, any length, indented up to 3 spaces) blanked. */
function withoutFencedCode(text: string): string {
  let fence: string | null = null
  return text
    .split('\n')
    .map((line) => {
      const opening = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1]
      if (fence === null) {
        if (opening) fence = opening
        return fence === null ? line : ''
      }
      if (opening && opening[0] === fence[0] && opening.length >= fence.length && line.trim() === opening) fence = null
      return ''
    })
    .join('\n')
}
