/**
 * Images and other files that a page takes from the site as JavaScript modules, which webpack
 * resolves in Docusaurus: `import logo from '@site/static/img/logo.png'` then `<img src={logo} />`,
 * `<img src={require('./shot.png').default} />`, `<a href={require('./slides.pdf').default}>`, and an
 * SVG imported as a component (`import Diagram from './diagram.svg'`, then `<Diagram />`: plugin-svgr
 * makes it a React component drawing the SVG), which is shown here as the image it draws.
 *
 * Module specifiers are turned into paths the site's asset resolvers read by the context's
 * `resolveModule` (an `@site/` path when the file exists), so that a missing file is reported where
 * it is used, with the source kept, as for any other image.
 */

import type {ImageValue, ThemedImageBlock} from '../../portable-text'
import {attributeString} from '../jsx-tags'
import {JS_STRING, jsStringValue} from '../js-string'

/** Files that webpack's asset loaders serve in Docusaurus (images, media, documents, archives). */
const ASSET_FILE =
  /\.(?:png|jpe?g|gif|svg|webp|avif|ico|bmp|tiff?|pdf|zip|tar|gz|tgz|7z|mp4|webm|ogv|ogg|mov|m4v|mp3|wav|m4a|flac|txt|csv|xlsx?|docx?|pptx?|odt|ods|odp|epub|key|woff2?|ttf|otf|eot)$/i

/**
 * Whether an import or require names an asset file rather than code. A file given to a webpack loader inline
 * (`!!raw-loader!./snippet.txt`) is what that loader makes of it (its text), not an asset.
 */
export function isAssetSpecifier(specifier: string): boolean {
  return !specifier.includes('!') && ASSET_FILE.test(specifier.split(/[?#]/)[0] ?? '')
}

export interface AssetImport {
  /** The name the page gives it. */
  name: string
  /** As written: `@site/static/img/logo.svg`, `./diagram.svg`. */
  specifier: string
  /** What the context's resolvers read: an `@site/…` path, or the specifier when it names no file. */
  path: string
  line: number
  /** An SVG: plugin-svgr makes its default export a component. */
  svg: boolean
}

/** `import name from 'specifier'` (a default import), the only form that gives an asset's address. */
const DEFAULT_IMPORT = new RegExp(String.raw`^\s*import\s+([A-Za-z_$][\w$]*)\s+from\s+(${JS_STRING})\s*;?\s*$`)
const REQUIRE = /^require\(\s*(['"`])([^'"`]+)\1\s*\)(?:\.default|\.src)?$/
/**
 * An asset's address written as a call, `require('./x.png')` (`.default`, or `.src` as plugin-ideal-image's loader
 * gives it) or `useBaseUrl('/img/x.png')`: the path is group 2.
 */
export const ASSET_CALL = /^(?:useBaseUrl|require)\(\s*(['"`])([^'"`]+)\1\s*\)(?:\.default|\.src)?$/
const BASE_URL = /^useBaseUrl\(\s*(['"`])([^'"`]+)\1\s*\)$/
const LITERAL = /^(['"`])([^'"`]*)\1$/
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

/** The assets a page imports, by name, and the addresses its attribute expressions name. */
export class AssetImports {
  private readonly byName = new Map<string, AssetImport>()

  constructor(private readonly resolveModule: (specifier: string, line: number) => string) {}

  /** Reads one import line; true when it imports an asset (now known by its name). */
  addImportLine(text: string, line: number): boolean {
    const match = DEFAULT_IMPORT.exec(text)
    const [, name, literal] = match ?? []
    const specifier = literal === undefined ? undefined : jsStringValue(literal)
    if (!name || !specifier || !isAssetSpecifier(specifier)) return false
    const path = this.resolveModule(specifier, line)
    this.byName.set(name, {name, specifier, path, line, svg: /\.svg$/i.test(specifier.split(/[?#]/)[0] ?? '')})
    return true
  }

  /** The asset imported under `name`, if any. */
  get(name: string): AssetImport | undefined {
    return this.byName.get(name)
  }

  /** An SVG imported as a component (`<Diagram />`). */
  svgComponent(name: string): AssetImport | undefined {
    const asset = this.byName.get(name)
    return asset?.svg ? asset : undefined
  }

  /**
   * The address an attribute's `{…}` expression gives: an imported asset's name, `require('…')`
   * (with or without `.default`), `useBaseUrl('…')` or a string literal; undefined for anything else.
   */
  expressionPath(expression: string, line = 0): string | undefined {
    const value = expression.trim()
    if (IDENTIFIER.test(value)) return this.byName.get(value)?.path
    const required = REQUIRE.exec(value)?.[2]
    if (required !== undefined) return this.resolveModule(required, line)
    return BASE_URL.exec(value)?.[2] ?? LITERAL.exec(value)?.[2]
  }
}

/** Props of an SVG component that say what it is or how big, which an image keeps; the others style the drawing. */
const IMAGE_PROPS = new Set(['title', 'aria-label', 'alt', 'width', 'height', 'role'])

/** A size prop an image keeps (`64`, `64px`), in pixels. */
function pixels(value: string | undefined): string | undefined {
  return value !== undefined && /^\d+(\.\d+)?(px)?$/.test(value) ? value.replace(/px$/, '') : undefined
}

/**
 * The image block an SVG component (`<Mark title="…" width={64} />`) becomes: the SVG file as an
 * image, named by its `title` (svgr's titleProp) or aria-label, sized by `width`/`height`. Props that
 * style the drawing (className, style, fill…) have no effect on an image: `missed` says which.
 */
export function svgComponentImage(
  asset: AssetImport,
  attributes: Record<string, string | true>,
  resolved: ImageValue | {url: string} | {problem: string},
  missed: (missing: string) => void,
): ThemedImageBlock | {problem: string} {
  if ('problem' in resolved) return resolved
  const styling = Object.keys(attributes).filter((name) => !IMAGE_PROPS.has(name))
  if (styling.length > 0) missed(`<${asset.name}> (an SVG drawn as a component) is shown as an image: its props ${styling.join(', ')} do not style it`)
  const width = pixels(attributeString(attributes.width))
  const height = pixels(attributeString(attributes.height))
  return {
    _type: 'themedImage',
    ...('url' in resolved ? {lightUrl: resolved.url} : {light: resolved}),
    alt: attributeString(attributes.title) ?? attributeString(attributes['aria-label']) ?? attributeString(attributes.alt) ?? '',
    ...(width ? {width} : {}),
    ...(height ? {height} : {}),
  }
}
