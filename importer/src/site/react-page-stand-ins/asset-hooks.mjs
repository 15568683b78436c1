// Module hooks for rendering a site's React pages in the import: stylesheets, media and markdown files that
// webpack would bundle are modules here too (stylesheets and media as asset-modules.mjs makes them). A markdown file imported by
// a component (`import Table from './_table.md'`) is a component that shows it as HTML (GitHub-flavoured
// markdown; its import and export lines left out, its JSX as written).
import {readFile} from 'node:fs/promises'
import {toHtml} from 'hast-util-to-html'
import {toHast} from 'mdast-util-to-hast'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import {unified} from 'unified'
import {assetModuleSource} from './asset-modules.mjs'
let staticDirs = []
let reactUrl = 'react'

export function initialize(data) {
  staticDirs = data?.staticDirs ?? []
  reactUrl = data?.reactUrl ?? reactUrl
}

const MARKDOWN = /\.mdx?(\?.*)?$/i

export async function load(url, context, nextLoad) {
  if (MARKDOWN.test(url) && url.startsWith('file:')) {
    const text = await readFile(new URL(url), 'utf8')
    const withoutModules = text.replace(/^(?:import|export)\s[^\n]*$/gm, '')
    const tree = unified().use(remarkParse).use(remarkFrontmatter).use(remarkGfm).parse(withoutModules)
    const html = toHtml(toHast(tree, {allowDangerousHtml: true}), {allowDangerousHtml: true})
    const source = `import {createElement} from ${JSON.stringify(reactUrl)}; const __html = ${JSON.stringify(html)}; export default function Markdown() { return createElement('div', {dangerouslySetInnerHTML: {__html}}); }`
    return {format: 'module', shortCircuit: true, source}
  }
  const source = assetModuleSource(url, staticDirs, reactUrl, 'module')
  if (source !== null) return {format: 'module', shortCircuit: true, source}
  return nextLoad(url, context)
}
