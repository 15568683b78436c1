// Module hooks for rendering a site's React pages in the import: stylesheets, media and markdown files that
// webpack would bundle are modules here too. A stylesheet gives class names as written (CSS modules'
// styles.x is "x"); a file of the site's static folders gives its site path; any other file gives an
// empty address, which the import reports as an image it cannot carry over. A markdown file imported by
// a component (`import Table from './_table.md'`) is a component that shows it as HTML (GitHub-flavoured
// markdown; its import and export lines left out, its JSX as written).
import {readFile} from 'node:fs/promises'
import {toHtml} from 'hast-util-to-html'
import {toHast} from 'mdast-util-to-hast'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import {unified} from 'unified'
let staticDirs = []
let reactUrl = 'react'

export function initialize(data) {
  staticDirs = data?.staticDirs ?? []
  reactUrl = data?.reactUrl ?? reactUrl
}

const STYLE = /\.(css|scss|sass|less)(\?.*)?$/i
const MARKDOWN = /\.mdx?(\?.*)?$/i
const MEDIA = /\.(png|jpe?g|gif|webp|avif|svg|ico|bmp|mp4|webm|ogg|mp3|wav|woff2?|ttf|eot|pdf)(\?.*)?$/i

export async function load(url, context, nextLoad) {
  if (STYLE.test(url)) {
    return {format: 'module', shortCircuit: true, source: 'export default new Proxy({}, {get: (_, key) => (typeof key === "string" ? key : undefined)});'}
  }
  if (MARKDOWN.test(url) && url.startsWith('file:')) {
    const text = await readFile(new URL(url), 'utf8')
    const withoutModules = text.replace(/^(?:import|export)\s[^\n]*$/gm, '')
    const tree = unified().use(remarkParse).use(remarkFrontmatter).use(remarkGfm).parse(withoutModules)
    const html = toHtml(toHast(tree, {allowDangerousHtml: true}), {allowDangerousHtml: true})
    const source = `import {createElement} from ${JSON.stringify(reactUrl)}; const __html = ${JSON.stringify(html)}; export default function Markdown() { return createElement('div', {dangerouslySetInnerHTML: {__html}}); }`
    return {format: 'module', shortCircuit: true, source}
  }
  if (MEDIA.test(url) && url.startsWith('file:')) {
    const file = decodeURIComponent(new URL(url).pathname)
    const dir = staticDirs.find((candidate) => file.startsWith(`${candidate}/`))
    // null: React leaves the attribute out (an empty src would address the page itself).
    const address = dir ? file.slice(dir.length) : null
    const svg = /\.svg(\?.*)?$/i.test(url)
    // An SVG is also a component in Docusaurus (svgr): <Logo /> renders it as an image.
    const source = svg
      ? `import {createElement} from ${JSON.stringify(reactUrl)}; const address = ${JSON.stringify(address)}; export default function Svg(props) { return createElement('img', {src: address, alt: props.title ?? props['aria-label'] ?? '', className: props.className, width: props.width, height: props.height}); } Svg.toString = () => address;`
      : `export default ${JSON.stringify(address)};`
    return {format: 'module', shortCircuit: true, source}
  }
  return nextLoad(url, context)
}
