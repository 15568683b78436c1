/**
 * What the pages of an export need from a Content-Security-Policy, written by the build to
 * out/_site/page-policy.json: the hashes of the pages' inline scripts, the Typesense server the
 * search talks to, Sanity's image CDN in Sanity mode and the embed hosts. The servers (scripts/src/serve.ts,
 * and nginx through scripts/src/security/) turn it into the header, so the policy follows the build.
 * The pages' <style> elements (the site's theme) are allowed by their hashes, and the stylesheets of
 * font services the theme loads by their origins and those of their fonts.
 * The step also refuses pages that a policy allowing only that would break: an inline script that is
 * not one of the constant ones (web/src/components/inline-scripts.ts), an inline event handler, or a
 * stylesheet of another site that is not a font service.
 */
import {createHash} from 'node:crypto'
import {readdir, readFile, writeFile} from 'node:fs/promises'
import path from 'node:path'
import {EMBED_HOSTS} from '@site/schemas'
import {fontServiceOf} from '@site/schemas/theme'
import {firstEventHandler, isInlineExecutable, SCRIPT_ELEMENT} from '@site/schemas/markup/scripts'
import {INLINE_SCRIPTS} from '../components/inline-scripts'
import {readContentEnv} from '@site/content-source/env'
import {typesenseBrowserConfig} from '../search/search-client'
import {isDatasetFile, PAGE_POLICY_FILE, type PagePolicyNeeds} from './export-files'
import {fileInodes} from './files'

export {PAGE_POLICY_FILE, type PagePolicyNeeds} from './export-files'

export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
}

/** The needs of this build, from the variables the build reads (the content source, NEXT_PUBLIC_TYPESENSE_*). */
export function pagePolicyNeeds(): PagePolicyNeeds {
  const content = readContentEnv()
  const typesense = typesenseBrowserConfig()
  return {
    scriptHashes: INLINE_SCRIPTS.map(scriptHash),
    connectSrc: typesense ? [`${typesense.protocol}://${typesense.host}:${typesense.port}`] : [],
    imgSrc: content.mode === 'sanity' ? [`https://cdn.sanity.io/images/${content.projectId}/${content.dataset}/`] : [],
    frameSrc: EMBED_HOSTS.map((host) => `https://${host}`),
  }
}

const STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi
const STYLESHEET_LINK = /<link\b(?=[^>]*\brel="stylesheet")[^>]*\bhref="(https?:\/\/[^"]+)"[^>]*>/gi

/**
 * What a page's styles need: the hashes of its <style> elements, `data:` images when they draw icons
 * with them (a theme's class rules: img-src governs CSS images too), the origins of its font service
 * stylesheets and of their fonts.
 */
export function pageStyleNeeds(html: string): {styleHashes: string[]; styleSrc: string[]; fontSrc: string[]; imgSrc: string[]} {
  const styleHashes = new Set<string>()
  const styleSrc = new Set<string>()
  const fontSrc = new Set<string>()
  const imgSrc = new Set<string>()
  for (const [, body = ''] of html.matchAll(STYLE)) {
    styleHashes.add(scriptHash(body))
    if (/url\("data:image\//.test(body)) imgSrc.add('data:')
  }
  for (const [, href = ''] of html.matchAll(STYLESHEET_LINK)) {
    const url = href.replace(/&amp;/g, '&')
    const service = fontServiceOf(url)
    if (!service) continue
    styleSrc.add(`https://${service.stylesheetHost}`)
    for (const host of service.fontHosts) fontSrc.add(`https://${host}`)
  }
  return {styleHashes: [...styleHashes], styleSrc: [...styleSrc], fontSrc: [...fontSrc], imgSrc: [...imgSrc]}
}

/** Why a page would break under the policy, or nothing. */
export function pagePolicyProblems(html: string, file: string): string[] {
  const problems: string[] = []
  const allowed = new Set<string>(INLINE_SCRIPTS)
  for (const match of html.matchAll(SCRIPT_ELEMENT)) {
    const [, attributes = '', body = ''] = match
    if (isInlineExecutable(attributes) && !allowed.has(body)) {
      problems.push(
        `${file}: an inline script that is not one of web/src/components/inline-scripts.ts (“${body.slice(0, 60)}…”): the Content-Security-Policy blocks it; make it constant there, its data in attributes, or move it to the page script`,
      )
    }
  }
  const handler = firstEventHandler(html)
  for (const [, href = ''] of html.matchAll(STYLESHEET_LINK)) {
    if (!fontServiceOf(href.replace(/&amp;/g, '&')))
      problems.push(`${file}: a stylesheet of another site that is not a font service (“${href.slice(0, 80)}”): the Content-Security-Policy blocks it`)
  }
  if (handler)
    problems.push(
      `${file}: an inline event handler (“${handler.tag.slice(-40)}”): the Content-Security-Policy blocks it; install the handler from the page script`,
    )
  return problems
}

/** The pages of an export under `dir`: its HTML files but the dataset's own (served sandboxed, see isDatasetFile). */
async function* htmlFiles(dir: string, root = dir): AsyncGenerator<string> {
  for (const entry of await readdir(dir, {withFileTypes: true})) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) {
      if (!isDatasetFile(path.relative(root, full))) yield* htmlFiles(full, root)
    } else if (entry.name.endsWith('.html')) yield full
  }
}

const MEDIA_ELEMENT = /<(img|video|audio|source|track)\b([^>]*)>/gi
const URL_ATTRIBUTE = /\s(src|poster|srcset)\s*=\s*"([^"]*)"/gi

/**
 * The other sites a page shows images and videos from (an imported site's remote images: authors'
 * pictures, badges; remote videos), as origins: the policy allows exactly these, no wildcard.
 */
export function remoteMediaOrigins(html: string): {images: string[]; media: string[]; frames: string[]} {
  const images = new Set<string>()
  const media = new Set<string>()
  const frames = new Set<string>()
  const originOf = (value: string) => {
    const url = value.trim().split(/\s+/)[0]?.replace(/&amp;/g, '&') ?? ''
    return /^https?:\/\//i.test(url) && URL.canParse(url) ? new URL(url).origin : null
  }
  // An embed's page (shown in an iframe the page script makes from it): its origin, for frame-src.
  for (const [, value = ''] of html.matchAll(EMBED_URL_ATTRIBUTE)) {
    const origin = originOf(value)
    if (origin) frames.add(origin)
  }
  for (const [, tag = '', attributes = ''] of html.matchAll(MEDIA_ELEMENT)) {
    const element = tag.toLowerCase()
    for (const [, name = '', value = ''] of attributes.matchAll(URL_ATTRIBUTE)) {
      const origins = name.toLowerCase() === 'srcset' ? value.split(',').map(originOf) : [originOf(value)]
      for (const origin of origins) {
        if (!origin) continue
        if (element === 'img' || name.toLowerCase() === 'poster' || name.toLowerCase() === 'srcset') images.add(origin)
        else if (element === 'source') {
          images.add(origin)
          media.add(origin)
        } else media.add(origin)
      }
    }
  }
  return {images: [...images], media: [...media], frames: [...frames]}
}

const EMBED_URL_ATTRIBUTE = /\sdata-embed-url="([^"]*)"/g

/**
 * The pages to read when `outDir` was assembled from `since` (an incremental publish: the pages it keeps
 * are hard links of `since`'s, whose policy covered them), and the remote origins of the kept pages: those
 * of `since`'s policy, when the pages written again or left out had none in `since` (then no origin
 * there came from them alone). Null when every page must be read: no usable policy in `since`, or such a
 * page had remote media.
 */
async function pagesToRead(
  outDir: string,
  since: string,
): Promise<{
  pages: string[]
  images: string[]
  media: string[]
  frames: string[]
  styles: {styleHashes: string[]; styleSrc: string[]; fontSrc: string[]}
} | null> {
  let previous: PagePolicyNeeds
  try {
    previous = JSON.parse(await readFile(path.join(since, PAGE_POLICY_FILE), 'utf8')) as PagePolicyNeeds
  } catch {
    return null
  }
  const isPage = (file: string) => file.endsWith('.html') && !isDatasetFile(file)
  const [now, before] = await Promise.all([fileInodes(outDir, isPage), fileInodes(since, isPage)])
  const pages = [...now].filter(([file, inode]) => before.get(file) !== inode).map(([file]) => file)
  const replaced = [...before.keys()].filter((file) => now.get(file) !== before.get(file))
  for (const file of replaced) {
    const remote = remoteMediaOrigins(await readFile(path.join(since, file), 'utf8'))
    if (remote.images.length > 0 || remote.media.length > 0 || remote.frames.length > 0) return null
  }
  const needs = pagePolicyNeeds()
  const own = new Set(needs.imgSrc)
  // The kept pages hold the styles they held: the theme's, which a publish that changes it rebuilds in full.
  const styles = {styleHashes: previous.styleHashes ?? [], styleSrc: previous.styleSrc ?? [], fontSrc: previous.fontSrc ?? []}
  const ownFrames = new Set(needs.frameSrc)
  return {
    pages,
    images: previous.imgSrc.filter((source) => !own.has(source)),
    media: previous.mediaSrc ?? [],
    frames: previous.frameSrc.filter((source) => !ownFrames.has(source)),
    styles,
  }
}

/**
 * Checks every page of the export and writes its needs; throws listing the pages that would break. With
 * `since` (the checked release an incremental publish assembled this one from), only the pages written
 * again are read when that gives the same result (see pagesToRead).
 */
export async function writePagePolicy(outDir: string, {since}: {since?: string} = {}): Promise<PagePolicyNeeds> {
  const problems: string[] = []
  const images = new Set<string>()
  const media = new Set<string>()
  const shared = since ? await pagesToRead(outDir, since) : null
  const files = shared ? shared.pages.map((file) => path.join(outDir, file)) : htmlFiles(outDir)
  for (const origin of shared?.images ?? []) images.add(origin)
  for (const origin of shared?.media ?? []) media.add(origin)
  const frames = new Set<string>(shared?.frames ?? [])
  const styleHashes = new Set<string>(shared?.styles.styleHashes ?? [])
  const styleSrc = new Set<string>(shared?.styles.styleSrc ?? [])
  const fontSrc = new Set<string>(shared?.styles.fontSrc ?? [])
  for await (const file of files) {
    const html = await readFile(file, 'utf8')
    problems.push(...pagePolicyProblems(html, path.relative(outDir, file)))
    const remote = remoteMediaOrigins(html)
    for (const origin of remote.images) images.add(origin)
    for (const origin of remote.media) media.add(origin)
    for (const origin of remote.frames) frames.add(origin)
    const styles = pageStyleNeeds(html)
    for (const hash of styles.styleHashes) styleHashes.add(hash)
    for (const origin of styles.styleSrc) styleSrc.add(origin)
    for (const origin of styles.fontSrc) fontSrc.add(origin)
    for (const source of styles.imgSrc) images.add(source)
  }
  if (problems.length > 0) {
    const shown = problems.slice(0, 10)
    throw new Error(
      `${problems.length} page${problems.length === 1 ? '' : 's'} would break under the Content-Security-Policy:\n  ${shown.join('\n  ')}${problems.length > shown.length ? `\n  and ${problems.length - shown.length} more` : ''}`,
    )
  }
  const own = pagePolicyNeeds()
  const needs: PagePolicyNeeds = {
    ...own,
    imgSrc: [...new Set([...own.imgSrc, ...[...images].sort()])],
    // The built-in embed hosts, and those of the site settings that the pages embed.
    frameSrc: [...new Set([...own.frameSrc, ...[...frames].sort()])],
    mediaSrc: [...media].sort(),
    // Only an export with a theme has them: the needs of one without stay as they were.
    ...(styleHashes.size > 0 ? {styleHashes: [...styleHashes].sort()} : {}),
    ...(styleSrc.size > 0 ? {styleSrc: [...styleSrc].sort()} : {}),
    ...(fontSrc.size > 0 ? {fontSrc: [...fontSrc].sort()} : {}),
  }
  await writeFile(path.join(outDir, PAGE_POLICY_FILE), `${JSON.stringify(needs, null, 2)}\n`)
  return needs
}
