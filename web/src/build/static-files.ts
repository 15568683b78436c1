/**
 * Writes the site's static files (staticFile documents: what Docusaurus serves from its static/
 * folder) at their paths in the export: copied from the dataset's files with the local dataset,
 * downloaded from the project's CDN with Sanity. A static file whose path is already a page or a file
 * of the site stops the build, naming both.
 */
import {copyFile, mkdir, stat, writeFile} from 'node:fs/promises'
import path from 'node:path'
import {staticFilesQuery} from '@site/schemas/queries'
import {fetchContent} from '@site/content-source/source'
import {exists} from './files'

export interface StaticFilesReport {
  written: number
  bytes: number
}

/**
 * Where a static path lands in the export; null for a path that would leave it. The path is the
 * address as served (`files/My%20File.pdf`): the file is written under its decoded name, where a static
 * server that decodes the address it is asked for finds it. A segment that is not valid
 * percent-encoding is taken as written; one that decodes to a slash, backslash or NUL is refused.
 */
export function exportPathOf(outDir: string, sitePath: string): string | null {
  const segments = sitePath.split('/').map((segment) => {
    try {
      return decodeURIComponent(segment)
    } catch {
      return segment
    }
  })
  if (segments.some((segment) => /[/\\\0]/.test(segment))) return null
  const target = path.resolve(outDir, ...segments)
  const relative = path.relative(path.resolve(outDir), target)
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? null : target
}

export async function writeStaticFiles(outDir: string): Promise<StaticFilesReport> {
  const files = await fetchContent(staticFilesQuery, {})
  let bytes = 0
  for (const file of files) {
    const sitePath = file.path ?? ''
    const target = exportPathOf(outDir, sitePath)
    if (!target) throw new Error(`staticFile "${sitePath}": not a path inside the site`)
    if (await exists(target))
      throw new Error(`staticFile "${sitePath}": the export already has /${sitePath} (a page or a file of the site); rename the static file`)
    const url = file.asset?.url
    if (!url) throw new Error(`staticFile "${sitePath}": its file asset is missing`)
    await mkdir(path.dirname(target), {recursive: true})
    if (url.startsWith('/')) {
      // The local dataset: prepare-export copied its files into the export under /_dataset/files/.
      const source = path.join(outDir, ...url.split('/').filter(Boolean))
      if (!(await exists(source))) throw new Error(`staticFile "${sitePath}": its file ${url} is not in the export`)
      await copyFile(source, target)
    } else {
      // A Sanity project: the asset's address on its CDN.
      const response = await fetch(url)
      if (!response.ok) throw new Error(`staticFile "${sitePath}": ${url} answered ${response.status}`)
      await writeFile(target, Buffer.from(await response.arrayBuffer()))
    }
    bytes += (await stat(target)).size
  }
  return {written: files.length, bytes}
}
