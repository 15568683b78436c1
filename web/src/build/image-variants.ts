/**
 * Makes the resized widths of dataset images that the exported pages name in a srcset
 * (responsive-image.ts), with sharp, beside their original in out/_dataset/images/. A width already
 * there (a publish on top of a release) is kept.
 */
import {readFile} from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import {DATASET_IMAGES_URL} from '@site/content-source/assets'
import {parseVariantUrl} from '../portable-text/responsive-image'
import {exists, filesUnder} from './files'

export interface VariantsReport {
  made: number
  kept: number
  bytes: number
}

const VARIANT_IN_SRCSET = new RegExp(`${DATASET_IMAGES_URL}/[0-9a-f]{40}-\\d+x\\d+-w\\d+q\\d+\\.[a-z0-9]+`, 'gi')

export async function writeImageVariants(outDir: string): Promise<VariantsReport> {
  const wanted = new Set<string>()
  for await (const file of filesUnder(outDir)) {
    if (!file.endsWith('.html')) continue
    const html = await readFile(path.join(outDir, file), 'utf8')
    if (!/srcset/i.test(html)) continue
    for (const match of html.matchAll(VARIANT_IN_SRCSET)) wanted.add(match[0])
  }
  const report: VariantsReport = {made: 0, kept: 0, bytes: 0}
  for (const url of [...wanted].sort()) {
    const variant = parseVariantUrl(url)
    if (!variant) continue
    const target = path.join(outDir, ...url.split('/').filter(Boolean))
    if (await exists(target)) {
      report.kept++
      continue
    }
    const source = path.join(outDir, ...variant.original.split('/').filter(Boolean))
    if (!(await exists(source))) throw new Error(`${url}: its original image ${variant.original} is not in the export`)
    const image = sharp(source).resize({width: variant.width, withoutEnlargement: true})
    const extension = path.extname(target).toLowerCase()
    const encoded =
      extension === '.png'
        ? image.png({quality: variant.quality, compressionLevel: 9, palette: variant.quality < 100})
        : extension === '.webp'
          ? image.webp({quality: variant.quality})
          : extension === '.avif'
            ? image.avif({quality: variant.quality})
            : image.jpeg({quality: variant.quality, mozjpeg: true})
    const info = await encoded.toFile(target)
    report.made++
    report.bytes += info.size
  }
  return report
}
