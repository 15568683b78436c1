/**
 * The components a markdown file imports from the site's own modules, and what rendering one use of
 * them gives (see site/site-components.ts, which loads and renders them).
 */
import {isAssetSpecifier} from './handlers/asset-imports'
import {unwrapMdxCodeBlocksInText} from './handlers/mdx-code-block'
import {JS_STRING, jsStringValue} from './js-string'

/** `import X from '…'`, `import {A, B as C} from '…'`, `import X, {A} from '…'`. */
const IMPORT = new RegExp(String.raw`^import\s+(?:(\w+)|\{([^}]*)\}|(\w+)\s*,\s*\{([^}]*)\})\s+from\s+(${JS_STRING})`, 'gm')

export interface ImportedComponent {
  /** The name the markdown uses. */
  local: string
  /** The export it is: 'default' or a named export. */
  exported: string
  specifier: string
}

/** The components a markdown file imports from the site's own files (not Docusaurus's, not markdown partials). */
export function componentImports(text: string): ImportedComponent[] {
  const found: ImportedComponent[] = []
  // Import lines of code samples are not the page's: fenced code is left out (mdx-code-block fences are MDX, unwrapped first).
  for (const match of withoutFencedCode(unwrapMdxCodeBlocksInText(text)).matchAll(IMPORT)) {
    const specifier = jsStringValue(match[5] ?? '')
    if (!isSiteModule(specifier)) continue
    const defaultName = match[1] ?? match[3]
    if (defaultName) found.push({local: defaultName, exported: 'default', specifier})
    for (const entry of (match[2] ?? match[4] ?? '').split(',')) {
      const [exported, local = exported] = entry.trim().split(/\s+as\s+/)
      if (exported) found.push({local: local ?? exported, exported, specifier})
    }
  }
  return found
}

/**
 * A module of the site itself (`@site/…`, a relative path, or an absolute one, which webpack resolves
 * from the site folder), not a package, a theme module, markdown or an asset file (an image).
 */
function isSiteModule(specifier: string): boolean {
  return (
    (specifier.startsWith('@site/') || specifier.startsWith('./') || specifier.startsWith('../') || specifier.startsWith('/')) &&
    !/\.(mdx?|css|scss|sass|less|json|ya?ml)$/.test(specifier) &&
    !isAssetSpecifier(specifier)
  )
}

export type RenderedComponent = {markup: string} | {problem: string}

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
