/**
 * `@docusaurus/plugin-ideal-image`: `<Image img={require('./x.png')} alt="…" />` (the name the file
 * imports `@theme/IdealImage` as) → an image block with responsive sizes, which the site serves as
 * `<img srcset sizes width height loading="lazy">`, its widths from the plugin's min, max, steps and
 * quality. The image's address is read from `require('…')`, `require('…').default`, `useBaseUrl('…')` or
 * a plain string; `@site/…` is taken from the site folder.
 */
import path from 'node:path'
import type {ResolvedImage, ThemedImageBlock, UnconvertedBlock} from '../../portable-text'
import {ASSET_CALL} from './asset-imports'

/** The plugin's options that decide the widths served (the others only change how webpack loads images). */
export interface IdealImageOptions {
  min?: number
  max?: number
  steps?: number
  quality?: number
}

/** The image address of an `img` prop as written (an expression's text or a string), or null when it names none. */
export function idealImageSource(value: string | true | undefined): string | null {
  if (typeof value !== 'string') return null
  const text = value.trim()
  const call = ASSET_CALL.exec(text)
  if (call) return call[2] ?? null
  const literal = /^(['"`])([^'"`]+)\1$/.exec(text)
  if (literal) return literal[2] ?? null
  return /^[^{}()\s'"`]+$/.test(text) ? text : null
}

/**
 * `@site/static/img/x.png` → `/img/x.png` (a file of a static folder is served from the root); another
 * `@site/…` path relative to the file that names it (`@site/docs/a.png` from docs/guide/x.md →
 * `../a.png`), which the asset store reads from the site folder.
 */
export function siteRelative(src: string, file: string): string {
  if (!src.startsWith('@site/')) return src
  const rest = src.slice('@site/'.length)
  if (rest.startsWith('static/')) return `/${rest.slice('static/'.length)}`
  const relative = path.posix.relative(path.posix.dirname(file), rest)
  return relative.startsWith('.') ? relative : `./${relative}`
}

export function idealImageBlock(
  attributes: Record<string, string | true>,
  file: string,
  line: number,
  options: IdealImageOptions | undefined,
  resolveImage: (src: string, line: number) => ResolvedImage,
  unconverted: (reason: string) => UnconvertedBlock,
): ThemedImageBlock | UnconvertedBlock {
  const src = idealImageSource(attributes.img)
  if (!src) return unconverted('<IdealImage> whose img is not an image address or a require() of one')
  const resolved = resolveImage(siteRelative(src, file), line)
  if ('problem' in resolved) return unconverted(resolved.problem)
  const alt = typeof attributes.alt === 'string' ? attributes.alt : undefined
  const responsive = {...(options ?? {})}
  const block: ThemedImageBlock = {
    _type: 'themedImage',
    ...('url' in resolved ? {lightUrl: resolved.url} : {light: resolved}),
    ...(alt !== undefined ? {alt} : {}),
    // Only an uploaded image can be served in several widths; one of another site is shown as it is.
    ...('url' in resolved ? {} : {responsive}),
  }
  return block
}
