/**
 * Turns Next's exported pages into static documents: the framework runtime and the page's RSC
 * payload (used only to hydrate) are removed, and the site's page script takes their place.
 * Measured on this site: the runtime's start-up and hydration were ~300 ms of main-thread work on
 * a throttled phone while every behaviour of a page is plain DOM code (README, "Reading experience").
 */
import {readdir, readFile, rm, writeFile} from 'node:fs/promises'
import path from 'node:path'

const RUNTIME_SCRIPT = /<script\b[^>]*\bsrc="\/_next\/static\/[^"]+\.js"[^>]*><\/script>/g
const SCRIPT_PRELOAD = /<link\b[^>]*\brel="preload"[^>]*\bas="script"[^>]*\/?>/g
const RSC_PAYLOAD = /<script>\(?self\.__next_f[\s\S]*?<\/script>/g
const BOOTSTRAP = /<script id="_R_">[\s\S]*?<\/script>/g

/** The page without the framework runtime, with the page script; throws naming what was left behind. */
export function toStaticPage(html: string, scriptUrl: string, file: string): string {
  const stripped = html.replace(RUNTIME_SCRIPT, '').replace(SCRIPT_PRELOAD, '').replace(RSC_PAYLOAD, '').replace(BOOTSTRAP, '')
  const leftover = /__next_f|TURBOPACK|\/_next\/static\/[^"']+\.js/.exec(stripped)
  if (leftover) throw new Error(`${file}: the framework runtime is still referenced after stripping (“${leftover[0]}”): Next's output format changed; update web/src/build/static-pages.ts`)
  if (!stripped.includes('</head>')) throw new Error(`${file}: no </head> to put the page script in`)
  return stripped.replace('</head>', `<script type="module" src="${scriptUrl}"></script></head>`)
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, {withFileTypes: true})) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* walk(full)
    else yield full
  }
}

export interface StaticPagesReport {
  pages: number
  removedFiles: number
}

/**
 * Rewrites every HTML file of the export; removes the runtime's scripts and the RSC payload files
 * (client-side navigation data), which no page loads any more.
 */
export async function makeStaticPages(outDir: string, scriptUrl: string): Promise<StaticPagesReport> {
  let pages = 0
  let removedFiles = 0
  for await (const file of walk(outDir)) {
    const relative = path.relative(outDir, file)
    if (file.endsWith('.html')) {
      await writeFile(file, toStaticPage(await readFile(file, 'utf8'), scriptUrl, relative))
      pages++
    } else if (/(^|[/\\])__next\.[^/\\]*\.txt$/.test(relative) || (relative.startsWith(`_next${path.sep}static`) && file.endsWith('.js'))) {
      await rm(file)
      removedFiles++
    }
  }
  return {pages, removedFiles}
}
