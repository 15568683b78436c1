// What a stylesheet or a media file that webpack would bundle is as a module when a site's React code asks for it,
// with `import` (asset-hooks.mjs) or `require()` (react-pages.ts): a stylesheet gives class names, a CSS module's
// (`x.module.css`) made its own as Docusaurus's webpack makes them (`styles.card` is "card_" and a hash of the file's
// name, never a class of this site's stylesheet such as `card` or `container`), another's as written; a file of the
// site's static folders gives its site path; any other file gives no
// address, which the import reports as an image it cannot carry over; an SVG is also a component drawing it
// (svgr in Docusaurus).
import {createHash} from 'node:crypto'
import {fileURLToPath} from 'node:url'

const STYLE = /\.(css|scss|sass|less)(\?.*)?$/i
const CSS_MODULE = /\.module\.(css|scss|sass|less)(\?.*)?$/i
const MEDIA = /\.(png|jpe?g|gif|webp|avif|svg|ico|bmp|mp4|webm|ogg|mp3|wav|woff2?|ttf|eot|pdf)(\?.*)?$/i

/**
 * The source of the module `url` names, as an ES module or as CommonJS (`format`), React taken from `reactUrl`;
 * null when it is neither a stylesheet nor a media file of the disk.
 */
export function assetModuleSource(url, staticDirs, reactUrl, format) {
  const commonJs = format === 'commonjs'
  if (STYLE.test(url)) {
    // The hash is of the file's name (the same on every machine, as the dataset must be).
    const name =
      url
        .replace(/[?#].*$/, '')
        .split('/')
        .at(-1) ?? ''
    const local = CSS_MODULE.test(url) ? `key + ${JSON.stringify(`_${createHash('sha1').update(name).digest('base64url').slice(0, 4)}`)}` : 'key'
    return commonJs
      ? `module.exports = new Proxy({}, {get: (_, key) => (key === "__esModule" ? true : key === "default" ? module.exports : typeof key === "string" ? ${local} : undefined)});`
      : `export default new Proxy({}, {get: (_, key) => (typeof key === "string" ? ${local} : undefined)});`
  }

  if (!MEDIA.test(url) || !url.startsWith('file:')) return null
  const file = decodeURIComponent(new URL(url).pathname)
  const dir = staticDirs.find((candidate) => file.startsWith(`${candidate}/`))
  // null: React leaves the attribute out (an empty src would address the page itself).
  const address = JSON.stringify(dir ? file.slice(dir.length) : null)
  if (!/\.svg(\?.*)?$/i.test(url)) return commonJs ? `exports.__esModule = true; exports.default = ${address};` : `export default ${address};`
  const react = commonJs
    ? `const {createElement} = require(${JSON.stringify(fileURLToPath(reactUrl))});`
    : `import {createElement} from ${JSON.stringify(reactUrl)};`
  const svg = [
    react,
    `function Svg(props) { return createElement('img', {src: ${address}, alt: props.title ?? props['aria-label'] ?? '', className: props.className, width: props.width, height: props.height}); }`,
    `Svg.toString = () => ${address};`,
  ]
  return [...svg, commonJs ? 'exports.__esModule = true; exports.default = Svg; exports.ReactComponent = Svg;' : 'export default Svg;'].join('\n')
}
