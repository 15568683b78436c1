/**
 * How the dataset measures an image (Sanity's image metadata: width and height): by its bytes, an SVG by its
 * root element when need be. The local dataset names and sizes its image assets with it; the importer
 * refuses an image it cannot measure (damaged bytes), which Sanity would not take either.
 */
import {imageSize} from 'image-size'

/**
 * The size an SVG's root element gives: its width and height (unitless or in px), else its viewBox. For
 * the SVGs image-size does not recognise, whose opening tag is longer than the part of the file it reads
 * (draw.io writes the whole diagram into an attribute of it). Null when the root gives no size.
 */
export function svgRootSize(text: string): {width: number; height: number; type: 'svg'} | null {
  const tag = /<svg\b((?:[^>"']|"[^"]*"|'[^']*')*)>/.exec(text)?.[1]
  if (tag === undefined) return null
  const attribute = (name: string) =>
    new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`)
      .exec(tag)
      ?.slice(1)
      .find((value) => value !== undefined)
  const length = (value: string | undefined) => (value && /^\s*\d+(\.\d+)?(px)?\s*$/.test(value) ? Math.round(parseFloat(value)) : null)
  const width = length(attribute('width'))
  const height = length(attribute('height'))
  if (width && height) return {width, height, type: 'svg'}
  const box = attribute('viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number)
  if (box?.length === 4 && box[2]! > 0 && box[3]! > 0) return {width: Math.round(box[2]!), height: Math.round(box[3]!), type: 'svg'}
  return null
}

/** An image's size as the dataset records it (an SVG by its root element when need be); null when the bytes are no image that can be measured. */
export function measureImage(bytes: Uint8Array, source: string): {width: number; height: number; type?: string | undefined} | null {
  try {
    return imageSize(bytes)
  } catch {
    return source.toLowerCase().endsWith('.svg') ? svgRootSize(new TextDecoder().decode(bytes)) : null
  }
}
