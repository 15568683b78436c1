/**
 * Turns Next's exported pages into static documents: the framework runtime and the page's RSC
 * payload (used only to hydrate) are removed, and the site's page script takes their place.
 * Measured on this site: the runtime's start-up and hydration were ~300 ms of main-thread work on
 * a throttled phone while every behaviour of a page is plain DOM code (docs/reading-experience.md).
 */
import {readdir, readFile, rm, rmdir, writeFile} from 'node:fs/promises'
import path from 'node:path'
import {isDatasetFile, isFrameworkFile, RUNTIME_REFERENCE} from './export-files'
import {filesUnder} from './files'
import {FEATURES, htmlHasMarker, type FeatureName} from '../client/features/markers'

/** The page script's files (client-bundle.ts): its entry, the chunks it imports, and each feature module's files. */
export interface PageScript {
  main: string
  mainChunks?: readonly string[]
  featureChunks?: Partial<Record<FeatureName, readonly string[]>>
}

/**
 * The page script's tag, and a modulepreload for each file the page runs as it shows: the chunks
 * the script imports, and the modules of the features needed at load whose element the page has
 * (markers.ts), so that the browser fetches them all at once instead of one after the other.
 * Modules that wait for the reader (copy, the mobile menu, search) are fetched when the page is idle.
 */
export function pageScriptTags(html: string, script: PageScript): string {
  const preload = new Set(script.mainChunks ?? [])
  for (const name of Object.keys(FEATURES) as FeatureName[]) {
    if (FEATURES[name].timing === 'load' && htmlHasMarker(html, FEATURES[name])) for (const url of script.featureChunks?.[name] ?? []) preload.add(url)
  }
  return `<script type="module" src="${script.main}"></script>${[...preload].map((url) => `<link rel="modulepreload" href="${url}">`).join('')}`
}

const RUNTIME_SCRIPT = /<script\b[^>]*\bsrc="\/_next\/static\/[^"]+\.js"[^>]*><\/script>/g
const SCRIPT_PRELOAD = /<link\b[^>]*\brel="preload"[^>]*\bas="script"[^>]*\/?>/g
const RSC_PAYLOAD = /<script>\(?self\.__next_f[\s\S]*?<\/script>/g
const BOOTSTRAP = /<script id="_R_">[\s\S]*?<\/script>/g

/** The page's canonical and language links (rendered by RoutePage, hoisted into <head> by React). */
const ADDRESS_LINK = /<link\b[^>]*\brel="(?:canonical|alternate)"[^>]*\bhref(?:Lang|lang)?="[^"]*"[^>]*\/?>/g

/**
 * The canonical and hreflang links moved to the end of <head>, in the order the page wrote them:
 * React hoists them among the other head elements as its rendering finishes, so their place varied
 * from build to build while the page was the same.
 */
function placeAddressLinks(html: string): string {
  const headEnd = html.indexOf('</head>')
  if (headEnd === -1) return html
  const head = html.slice(0, headEnd)
  const links = (head.match(ADDRESS_LINK) ?? []).filter((link) => /rel="canonical"|hrefLang=|hreflang=/.test(link))
  if (links.length === 0) return html
  let rest = head
  for (const link of links) rest = rest.replace(link, '')
  return `${rest}${links.join('')}${html.slice(headEnd)}`
}

/**
 * React's text separators (`<!-- -->`, written between two adjacent text nodes so that hydration can
 * tell them apart) removed: no page is hydrated once the runtime is gone, and where React writes one
 * depends on when the streamed server payload reached the HTML renderer (a text followed by a part not
 * yet arrived gets one), so the same page differed from build to build. Text in the page is escaped, so
 * the sequence is always a comment; the site's inline scripts never contain it.
 */
const TEXT_SEPARATOR = /<!-- -->/g

const SCRIPT_ELEMENT = /<script\b[^>]*>[\s\S]*?<\/script>/gi
const ADDRESS_ATTRIBUTE = /\s(?:src|href)="([^"]*)"/gi

/**
 * A reference to the framework runtime left in a page's markup: in a script element (its address or
 * its code) or in an address attribute. Never its text: a page about a Next.js app may show
 * `/_next/static/…/_app.js` or `TURBOPACK` in a code block (escaped text, no quote or `<` of its own).
 */
export function runtimeInMarkup(html: string): string | null {
  for (const [script] of html.matchAll(SCRIPT_ELEMENT)) {
    const found = RUNTIME_REFERENCE.exec(script)
    if (found) return found[0]
  }
  for (const [, address] of html.matchAll(ADDRESS_ATTRIBUTE)) {
    const found = RUNTIME_REFERENCE.exec(address ?? '')
    if (found) return found[0]
  }
  return null
}

/** The page without the framework runtime, with the page script; throws naming what was left behind. */
export function toStaticPage(html: string, script: string | PageScript, file: string): string {
  const stripped = placeAddressLinks(
    html.replace(RUNTIME_SCRIPT, '').replace(SCRIPT_PRELOAD, '').replace(RSC_PAYLOAD, '').replace(BOOTSTRAP, '').replace(TEXT_SEPARATOR, ''),
  )
  const leftover = runtimeInMarkup(stripped)
  if (leftover)
    throw new Error(
      `${file}: the framework runtime is still referenced after stripping (“${leftover}”): Next's output format changed; update web/src/build/static-pages.ts`,
    )
  if (!stripped.includes('</head>')) throw new Error(`${file}: no </head> to put the page script in`)
  return stripped.replace('</head>', `${pageScriptTags(stripped, typeof script === 'string' ? {main: script} : script)}</head>`)
}

export interface StaticPagesReport {
  pages: number
  removedFiles: number
}

/** Removes the folders under `dir` that nothing is left in (Next's per-build folders under _next/). */
async function removeEmptyFolders(dir: string): Promise<void> {
  for (const entry of await readdir(dir, {withFileTypes: true})) {
    if (!entry.isDirectory()) continue
    const full = path.join(dir, entry.name)
    await removeEmptyFolders(full)
    if ((await readdir(full)).length === 0) await rmdir(full)
  }
}

/**
 * Rewrites every HTML page of the export (not the dataset's own files); removes the runtime's scripts and the RSC payload files
 * (client-side navigation data), which no page loads any more (their lines come in the order the
 * server happened to stream them, so two builds of the same content did not give the same files).
 * Then no script or stylesheet left may refer to the runtime: the build stops naming the file.
 */
export async function makeStaticPages(outDir: string, script: string | PageScript): Promise<StaticPagesReport> {
  let pages = 0
  let removedFiles = 0
  const files: string[] = []
  for await (const file of filesUnder(outDir)) files.push(file)
  const all = new Set(files)
  for (const relative of files) {
    const file = path.join(outDir, relative)
    if (isFrameworkFile(relative, all)) {
      await rm(file)
      removedFiles++
    } else if (relative.endsWith('.html') && !isDatasetFile(relative)) {
      await writeFile(file, toStaticPage(await readFile(file, 'utf8'), script, relative))
      pages++
    } else if (/^(_next|_site)\/.+\.(m?js|css)$/.test(relative)) {
      // The build's own scripts and stylesheets (a site's static files are its own business).
      const leftover = RUNTIME_REFERENCE.exec(await readFile(file, 'utf8'))
      if (leftover)
        throw new Error(
          `${relative}: refers to the framework runtime (“${leftover[0]}”), which the static export does not ship: update web/src/build/export-files.ts`,
        )
    }
  }
  await removeEmptyFolders(path.join(outDir, '_next')).catch((error: unknown) => {
    if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error
  })
  return {pages, removedFiles}
}
