/**
 * Puts an incremental build together: the pages just rendered are already in the new folder; every
 * kept page and every built asset (hashed bundles, stylesheets, dataset images) of the build being
 * served is hard-linked into it (asset trees only when the new build wrote none: no pages rendered), so that the new release shares the unchanged files instead of
 * copying them. Nothing is ever written through a link: the files the later steps write (the page
 * policy, sitemap, feeds, search shards, static files) are not linked, and a hard link is only made
 * where the new folder has no file yet.
 */
import {copyFile, link, mkdir} from 'node:fs/promises'
import path from 'node:path'
import {exists, filesUnder} from '@site/web/build/files'

/** Trees of built assets whose file names change with their content (or come from content by id). */
export const SHARED_ASSET_TREES = ['_next', '_site', '_dataset', '_katex']

/** Files under those trees that each build writes anew (the redirects: from the content, by web/src/build/redirect-pages.ts). */
export const REWRITTEN_ASSETS: ReadonlySet<string> = new Set(['_site/page-policy.json', '_site/redirects.json', '_site/nginx-redirects.conf'])

export interface AssembleInput {
  /** The build being served. */
  previousDir: string
  /** The new build: the rendered pages are there already. */
  targetDir: string
  /** Export paths (with /) of the kept routes' files. */
  keepFiles: readonly string[]
}

export interface AssembleReport {
  /** Kept pages linked from the previous build. */
  pages: number
  /** Asset files linked from the previous build. */
  assets: number
  /** Files copied because a link was not possible (another file system). */
  copied: number
}

export async function assembleRelease({previousDir, targetDir, keepFiles}: AssembleInput): Promise<AssembleReport> {
  const report: AssembleReport = {pages: 0, assets: 0, copied: 0}
  const share = async (relative: string): Promise<boolean> => {
    const target = path.join(targetDir, ...relative.split('/'))
    if (await exists(target)) return false
    await mkdir(path.dirname(target), {recursive: true})
    const source = path.join(previousDir, ...relative.split('/'))
    try {
      await link(source, target)
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EXDEV')) throw error
      await copyFile(source, target)
      report.copied++
    }
    return true
  }
  for (const file of keepFiles) {
    if (!(await exists(path.join(previousDir, ...file.split('/')))))
      throw new Error(`The build being served has no ${file}, which its manifest lists: build everything`)
    if (await share(file)) report.pages++
  }
  for (const tree of SHARED_ASSET_TREES) {
    // A tree the new build wrote is complete (next build copies every asset it has): nothing stale is carried over.
    if (await exists(path.join(targetDir, tree))) continue
    for await (const relative of filesUnder(path.join(previousDir, tree), tree)) {
      if (REWRITTEN_ASSETS.has(relative)) continue
      if (await share(relative)) report.assets++
    }
  }
  return report
}
