/**
 * KaTeX's stylesheet and fonts, served by the site itself (never a CDN) at a versioned address that
 * can be cached for good; linked only from pages that have math (render.tsx).
 */
import {copyFile, mkdir, readdir, rm, writeFile, readFile} from 'node:fs/promises'
import {createRequire} from 'node:module'
import path from 'node:path'

import {KATEX_BASE_URL} from './math'

const require = createRequire(import.meta.url)

export {KATEX_BASE_URL, KATEX_STYLESHEET_URL} from './math'

/**
 * Copies katex.min.css and its WOFF2 fonts into `publicDir` (every browser the site supports reads
 * WOFF2, so the stylesheet is rewritten to name only those, and older copies are removed).
 */
export async function copyKatexAssets(publicDir: string): Promise<{files: number}> {
  const dist = path.dirname(require.resolve('katex/dist/katex.min.css'))
  const target = path.join(publicDir, ...KATEX_BASE_URL.split('/').filter(Boolean))
  await rm(path.join(publicDir, '_katex'), {recursive: true, force: true})
  await mkdir(path.join(target, 'fonts'), {recursive: true})
  const css = (await readFile(path.join(dist, 'katex.min.css'), 'utf8')).replace(
    /src:\s*url\((fonts\/[^)]+\.woff2)\)\s*format\("woff2"\)(?:\s*,\s*url\([^)]+\)\s*format\("[^"]+"\))*/g,
    'src:url($1) format("woff2")',
  )
  // The site's own rules for its math blocks ride along: pages without math get nothing more.
  await writeFile(path.join(target, 'katex.min.css'), `${css}\n.math-display{margin:0 0 1.25rem;overflow-x:auto;overflow-y:hidden}\n`)
  let files = 1
  for (const font of await readdir(path.join(dist, 'fonts'))) {
    if (!font.endsWith('.woff2')) continue
    await copyFile(path.join(dist, 'fonts', font), path.join(target, 'fonts', font))
    files++
  }
  return {files}
}
