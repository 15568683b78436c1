/**
 * The security headers of the site, the same for `npm start`'s server (scripts/src/serve.ts) and for
 * nginx (deploy/): a Content-Security-Policy for pages built from what the export says its pages need
 * (out/_site/page-policy.json, written by web/src/build/page-policy.ts), and a sandbox for the files
 * that come from content (images of /_dataset/, any SVG), so that an SVG with a script runs nothing.
 */
import {readFile, writeFile} from 'node:fs/promises'
import path from 'node:path'
import {PAGE_POLICY_FILE, type PagePolicyNeeds} from '@site/web/build/export-files'

export {PAGE_POLICY_FILE, type PagePolicyNeeds}

const HASH = /^'sha(256|384|512)-[A-Za-z0-9+/]+={0,2}'$/
/** An origin or an origin with a path, over http(s), as CSP host sources are written. */
const SOURCE = /^https?:\/\/[a-z0-9.-]+(:\d+)?(\/[A-Za-z0-9._~/-]*)?$/i
/** Images also from `data:` URIs: a theme's icons drawn in CSS (img-src governs CSS images). */
const IMAGE_SOURCE = new RegExp(`${SOURCE.source}|^data:$`, 'i')

/** Checks the export's needs file, so that nothing odd is copied into a header. */
export function parsePagePolicyNeeds(text: string, where: string): PagePolicyNeeds {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new Error(`${where}: not JSON (${error instanceof Error ? error.message : String(error)})`)
  }
  const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>
  const list = (name: keyof PagePolicyNeeds, pattern: RegExp, optional = false): string[] => {
    const entries = record[name]
    if (optional && entries === undefined) return []
    if (!Array.isArray(entries) || !entries.every((entry): entry is string => typeof entry === 'string'))
      throw new Error(`${where}: ${name} must be a list of strings`)
    const bad = entries.find((entry) => !pattern.test(entry))
    if (bad !== undefined)
      throw new Error(
        `${where}: ${name} holds "${bad}", which is not a ${pattern === HASH ? "'sha256-…' hash" : pattern === IMAGE_SOURCE ? 'http(s) source or data:' : 'http(s) source'}`,
      )
    return entries
  }
  return {
    scriptHashes: list('scriptHashes', HASH),
    connectSrc: list('connectSrc', SOURCE),
    imgSrc: list('imgSrc', IMAGE_SOURCE),
    frameSrc: list('frameSrc', SOURCE),
    mediaSrc: list('mediaSrc', SOURCE, true),
    styleHashes: list('styleHashes', HASH, true),
    styleSrc: list('styleSrc', SOURCE, true),
    fontSrc: list('fontSrc', SOURCE, true),
  }
}

/** The needs of the export in `exportDir`, or null when it has none (an export built before page-policy.json). */
export async function readPagePolicyNeeds(exportDir: string): Promise<PagePolicyNeeds | null> {
  const file = path.join(exportDir, PAGE_POLICY_FILE)
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
  return parsePagePolicyNeeds(text, file)
}

/** Nothing beyond the site itself: what a page gets when its export declares no needs. */
export const NO_NEEDS: PagePolicyNeeds = {scriptHashes: [], connectSrc: [], imgSrc: [], frameSrc: []}

/** Sanity's image CDN for one project and dataset, as the Sanity-mode pages address images. */
export function sanityImageSource(projectId: string, dataset: string): string {
  if (!/^[a-z0-9-]+$/i.test(projectId) || !/^[a-z0-9_-]+$/i.test(dataset)) throw new Error(`Not a Sanity project id and dataset: "${projectId}", "${dataset}"`)
  return `https://cdn.sanity.io/images/${projectId}/${dataset}/`
}

const unique = (values: readonly string[]) => [...new Set(values)]

/**
 * The policy of every page: scripts of the site and the pages' constant inline scripts (by hash),
 * stylesheets of the site (style attributes allowed: highlighted code is coloured with them) and the
 * theme's <style> (by hash) and font services' stylesheets and fonts when the pages have them, images,
 * fetches and frames of the site plus what the export needs, no plugins, no <base>, forms to the site,
 * framed only by the site (its own demos). `default-src 'self'` covers fonts, prefetch hints and the rest.
 */
export function pagePolicy(needs: PagePolicyNeeds): string {
  const directive = (name: string, ...sources: string[]) => `${name} ${unique(sources).join(' ')}`
  return [
    directive('default-src', "'self'"),
    directive('script-src', "'self'", ...needs.scriptHashes),
    // Browsers without the -elem/-attr directives fall back to style-src.
    directive('style-src', "'self'", "'unsafe-inline'"),
    directive('style-src-elem', "'self'", ...(needs.styleHashes ?? []), ...(needs.styleSrc ?? [])),
    directive('style-src-attr', "'unsafe-inline'"),
    directive('img-src', "'self'", ...needs.imgSrc),
    directive('connect-src', "'self'", ...needs.connectSrc),
    directive('frame-src', "'self'", ...needs.frameSrc),
    directive('media-src', "'self'", ...(needs.mediaSrc ?? [])),
    // Fonts are 'self' through default-src; a theme that loads a font service's fonts names its hosts.
    ...((needs.fontSrc ?? []).length > 0 ? [directive('font-src', "'self'", ...(needs.fontSrc ?? []))] : []),
    directive('object-src', "'none'"),
    directive('base-uri', "'none'"),
    directive('form-action', "'self'"),
    directive('frame-ancestors', "'self'"),
  ].join('; ')
}

/**
 * Files that come from content and are served as they are (uploaded images, static SVGs): opened on
 * their own in a browser, an SVG is a document that could run script with the site's origin. The
 * sandbox gives it an opaque origin and no scripts, and nothing else may load.
 */
export const FILE_POLICY = "sandbox; default-src 'none'; style-src 'unsafe-inline'"

/** The referrer sent to other sites: the origin only, never the page's path and query (a search). */
export const REFERRER_POLICY = 'strict-origin-when-cross-origin'

/** Whether a URL path is a file from content, served with FILE_POLICY. */
export function isContentFile(pathname: string): boolean {
  return pathname.startsWith('/_dataset/') || /\.svgz?$/i.test(pathname)
}

/** Headers of every response of the site: the page policy, or the file policy for content files. */
export function securityHeaders(pathname: string, policy: string): Record<string, string> {
  return {
    'Content-Security-Policy': isContentFile(pathname) ? FILE_POLICY : policy,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': REFERRER_POLICY,
  }
}

/** nginx's `add_header` lines of the page policy (deploy/site.Dockerfile writes them to /etc/nginx/site-csp.conf). */
export function nginxPolicyLines(policy: string): string {
  if (/["\\$\n]/.test(policy)) throw new Error('The policy holds a character nginx would read differently (a quote, backslash, $ or newline)')
  return `# Written by scripts/src/security/content-security-policy.ts from the export's ${PAGE_POLICY_FILE}.\nadd_header Content-Security-Policy "${policy}" always;\n`
}

/** Where a release carries its own nginx policy lines, so that nginx follows the release it serves (deploy/site-policy-watch.sh). */
export const NGINX_POLICY_FILE = '_site/nginx-csp.conf'

const USAGE = 'usage: content-security-policy.ts --nginx <export folder> [--sanity-images <projectId>/<dataset>] [--out <file>]'

async function main(argv: readonly string[]): Promise<void> {
  const [flag, dir, ...rest] = argv
  if (flag !== '--nginx' || !dir) throw new Error(USAGE)
  const needs = await readPagePolicyNeeds(dir)
  if (!needs) throw new Error(`${path.join(dir, PAGE_POLICY_FILE)} is missing: build the site first`)
  let imgSrc = needs.imgSrc
  let out: string | undefined
  for (let index = 0; index < rest.length; index += 2) {
    const [option, value] = [rest[index], rest[index + 1]]
    if (value === undefined) throw new Error(USAGE)
    if (option === '--sanity-images') {
      const [projectId = '', dataset = ''] = value.split('/')
      // The site image is built from content/, but serves what sanity-webhook builds from this project later.
      if (projectId) imgSrc = [...imgSrc, sanityImageSource(projectId, dataset || 'production')]
    } else if (option === '--out') out = value
    else throw new Error(USAGE)
  }
  const lines = nginxPolicyLines(pagePolicy({...needs, imgSrc: unique(imgSrc)}))
  if (out) await writeFile(out, lines)
  else process.stdout.write(lines)
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(`content-security-policy: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  })
}
