/**
 * Whether growing the content changed pages that did not change: every HTML page of a 1× export
 * is compared byte for byte with the same page of a grown export. The grown site lists more docs
 * versions in every page's navigation (the version menu, the search settings, the version links of
 * the navbar's doc links); those entries of the added versions are taken out before comparing, and
 * nothing else is.
 */
import {readdir, readFile} from 'node:fs/promises'
import path from 'node:path'

export interface PageComparison {
  /** Pages of the 1× export, by path relative to its root. */
  compared: number
  identical: number
  /** Pages whose bytes differ, after taking out the added versions' entries. */
  different: string[]
  /** Pages of the 1× export that the grown one lacks. */
  missing: string[]
  /** Pages only the grown export has. */
  added: number
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, {recursive: true, withFileTypes: true})
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort()
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * A grown page without the entries of the added docs versions (their paths, like v204): menu items
 * `<li><a … data-version="v204">…</a></li>`, `v204 <url>` in data-doc-versions lists, and the JSON
 * entries `{"path":"v204",…}` and `"v204"` of the page's settings.
 */
export function withoutVersions(html: string, versionPaths: readonly string[]): string {
  if (versionPaths.length === 0) return html
  const paths = versionPaths.map(escapeRegExp).join('|')
  return (
    html
      // The label is isolated (<bdi>) so that it keeps its order on right-to-left pages.
      .replace(new RegExp(`<li><a [^>]*data-version="(?:${paths})"[^>]*>(?:<bdi>)?[^<]*(?:</bdi>)?</a></li>`, 'g'), '')
      .replace(
        /data-doc-versions="([^"]*)"/g,
        (_, list: string) =>
          `data-doc-versions="${list
            .split('|')
            .filter((entry) => !new RegExp(`^(?:${paths}) `).test(entry))
            .join('|')}"`,
      )
      .replace(new RegExp(`,\\{"path":"(?:${paths})"(?:,"[^"]+":"(?:[^"\\\\]|\\\\.)*")*\\}`, 'g'), '')
      .replace(new RegExp(`,"(?:${paths})"(?=[,\\]])`, 'g'), '')
  )
}

export async function comparePages(baseDir: string, grownDir: string, addedVersionPaths: readonly string[]): Promise<PageComparison> {
  const [base, grown] = await Promise.all([htmlFiles(baseDir), htmlFiles(grownDir)])
  const grownSet = new Set(grown)
  const result: PageComparison = {
    compared: base.length,
    identical: 0,
    different: [],
    missing: [],
    added: grown.filter((file) => !new Set(base).has(file)).length,
  }
  for (const file of base) {
    if (!grownSet.has(file)) {
      result.missing.push(file)
      continue
    }
    const [before, after] = await Promise.all([readFile(path.join(baseDir, file), 'utf8'), readFile(path.join(grownDir, file), 'utf8')])
    if (before === withoutVersions(after, addedVersionPaths)) result.identical++
    else result.different.push(file)
  }
  return result
}
