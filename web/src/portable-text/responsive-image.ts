/**
 * An uploaded image served in several widths (`srcset`), from the responsive sizes of an image block
 * (ideal-image's min, max, steps and quality): with the local dataset the widths are files made at
 * build (image-variants.ts makes those the pages name), with a Sanity project the CDN's `?w=&q=`.
 */
import {DATASET_IMAGES_URL} from '@site/content-source/assets'

export interface ResponsiveSizes {
  min?: number | null
  max?: number | null
  steps?: number | null
  quality?: number | null
}

export const DEFAULT_SIZES = {min: 320, steps: 4, quality: 85} as const

/** Formats that are resized (vector images and animations are served as they are). */
const RESIZABLE = /\.(png|jpe?g|webp|avif)$/i

/** The widths to serve, smallest first, never wider than the image itself. */
export function responsiveWidths(intrinsic: number, sizes: ResponsiveSizes): number[] {
  const max = Math.min(intrinsic, sizes.max ?? intrinsic)
  const min = Math.min(max, sizes.min ?? DEFAULT_SIZES.min)
  const steps = Math.max(1, Math.min(10, sizes.steps ?? DEFAULT_SIZES.steps))
  if (steps === 1 || min === max) return [max]
  const widths = Array.from({length: steps}, (_, index) => Math.round(min + ((max - min) * index) / (steps - 1)))
  return [...new Set(widths)]
}

/** The address of one width of a dataset image: `/_dataset/images/<sha1>-<w>x<h>.png` → `…-<w>x<h>-w640q85.png`. */
export function variantUrl(url: string, width: number, quality: number): string {
  return url.replace(/(\.[a-z0-9]+)$/i, `-w${width}q${quality}$1`)
}

/** Reads a variant address back: the original's address, the width and quality; null for another address. */
export function parseVariantUrl(url: string): {original: string; width: number; quality: number} | null {
  const match = /^(.*-\d+x\d+)-w(\d+)q(\d+)(\.[a-z0-9]+)$/i.exec(url)
  if (!match) return null
  return {original: `${match[1]}${match[4]}`, width: Number(match[2]), quality: Number(match[3])}
}

/** The srcset of an image (its address and intrinsic width), or null when it is not one the site resizes. */
export function responsiveSrcset(url: string, intrinsic: number | null, sizes: ResponsiveSizes | null | undefined): string | null {
  if (!sizes || !intrinsic || !RESIZABLE.test(url.split('?')[0] ?? '')) return null
  const quality = Math.max(1, Math.min(100, sizes.quality ?? DEFAULT_SIZES.quality))
  const widths = responsiveWidths(intrinsic, sizes)
  const local = url.startsWith(`${DATASET_IMAGES_URL}/`)
  if (!local && !url.startsWith('https://cdn.sanity.io/')) return null
  return widths
    .map((width) => {
      // The full width is the original file (no copy of it is made).
      const address = width === intrinsic && local ? url : local ? variantUrl(url, width, quality) : `${url}?w=${width}&q=${quality}&auto=format`
      return `${address} ${width}w`
    })
    .join(', ')
}

/** What the browser should pick from: the width the image is shown at on the page. */
export function responsiveSizesAttribute(displayWidth: string | null): string {
  const width = displayWidth && /^\d+$/.test(displayWidth) ? `${displayWidth}px` : null
  return width ? `(max-width: ${width}) 100vw, ${width}` : '(max-width: 50rem) 100vw, 50rem'
}
