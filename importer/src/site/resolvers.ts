/**
 * Link and asset resolution for bodies, as Docusaurus resolves them:
 * - `.md` links become locale-less site URLs, looked up relative to the file and then from the
 *   content root (the docs folder of the version, blog/, src/pages/) and the site folder;
 * - images become Sanity image assets (local files, copied into the dataset) or stay remote images;
 * - links to other local files (a PDF next to a doc) become static files under /assets/files/;
 * - every file of the static folders is served from the site root as a `staticFile` document.
 * Nothing outside the site folder is ever read, but for the content folders its config names beside
 * it (`path: '../docs'` of a site in website/), which Docusaurus reads as part of the site.
 */
import {existsSync, readdirSync, readFileSync, realpathSync, statSync} from 'node:fs'
import path from 'node:path'
import {DEFAULT_BLOG_PATH, documentId} from '@site/schemas/model'
import {docTarget, routedVersions, targetPath} from '@site/schemas/routing'
import {firstEventHandler, isInlineExecutable, SCRIPT_ELEMENT} from '@site/schemas/markup/scripts'
import {measureImage} from '@site/schemas/image-measure'
import type {DiagnosticLog} from '../diagnostics'
import type {MarkdownPreprocessor} from './markdown-preprocessor'
import {contentHash} from '../keys'
import type {ImageValue} from '../portable-text'
import type {ImportedStaticFile, SanityDocument} from './sanity-document'
import type {SiteEntries} from './entries'
import {latestVersion, type SiteConfig} from './site-config'

/** Site URL of every markdown file, by its default-locale path (docs/02-server/rooms.md → /docs/v4/rooms/), built by the site's URL module. */
export function buildUrlIndex(entries: SiteEntries, site: SiteConfig): Map<string, string> {
  const urls = new Map<string, string>()
  const latest = latestVersion(site)
  const table = {docsPath: site.docsPath, blogPath: site.blogPath ?? DEFAULT_BLOG_PATH, versions: routedVersions(latest ? [latest] : [])}
  // The importer's docs versions show the doc at slug DEFAULT_MAIN_DOC at their root (docs-versions.ts).
  for (const doc of entries.docs) urls.set(doc.canonicalPath, targetPath({...table, versions: routedVersions([doc.version])}, docTarget(doc.version, doc.slug)))
  for (const post of entries.posts) urls.set(post.canonicalPath, targetPath(table, {kind: 'blogPost', slug: post.slug}))
  const changelogBase = `/${site.docsPath}`.replace(/\/$/, '')
  for (const release of entries.releases)
    urls.set(
      release.canonicalPath,
      latest ? targetPath(table, {kind: 'release', version: latest.path, release: release.version}) : `${changelogBase}/changelog/${release.version}`,
    )
  for (const page of entries.pages)
    urls.set(page.canonicalPath, targetPath(table, {kind: 'page', path: page.path, index: /(^|\/)index\.mdx?$/.test(page.canonicalPath)}))
  for (const home of entries.home) urls.set(home.canonicalPath, targetPath(table, {kind: 'home'}))
  return urls
}

/** An address with a scheme (`https:`, `mailto:`) or of another host (`//cdn…`): never a file of the site. */
export const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i

export interface LinkContext {
  /** The file the link is written in, relative to the site folder. */
  file: string
  /** The default-locale file it is (or translates). */
  canonicalPath: string
  /** The folder its kind of content lives in (the version's docs folder, blog, src/pages). */
  contentRoot: string
  line: number
  /** The site's `trailingSlash`: true when Docusaurus's page addresses end with a slash. */
  trailingSlash?: boolean
  /** The config's baseUrl when it is not `/` (`/docs/`): a link written under it leads to the page at the same path here. */
  baseUrl?: string
  /**
   * Docusaurus's address of the page the link is shown on (a partial's links are on the page that imports it); absent,
   * that of `canonicalPath`, without the folder's slash unless `trailingSlash`.
   */
  pageAddress?: string
}

/**
 * Where a `.md` link points: the site URL of that file, or the link unchanged (reported) when no
 * file of the site matches. A link relative to the page's address (`./unrolling`, `../api/x#y`) is made a path from
 * the site's root, resolved against the page's address in Docusaurus: this site's addresses end with a slash, so
 * the same relative link would lead one folder deeper. Other links are returned as written.
 */
export function resolveLink(given: string, link: LinkContext, urls: ReadonlyMap<string, string>, report: (message: string) => void): string {
  // pathname:///files/x.txt: a plain file of the site, which Docusaurus's router leaves alone.
  const href = /^pathname:\/\//i.test(given) ? given.replace(/^pathname:\/\//i, '') || '/' : given
  if (EXTERNAL.test(href) || href.startsWith('#')) return href
  const [target = '', hash] = splitOnce(href, '#')
  // `x.mdx/#anchor` names the file too (Docusaurus resolves it).
  const pathPart = (target.split('?')[0] ?? '').replace(/(\.mdx?)\/$/, '$1')
  if (!/\.mdx?$/.test(pathPart)) return fromPageAddress(href, link, urls)
  const decoded = safeDecode(pathPart)
  const candidates: string[] = []
  // As Docusaurus: ./x.md and ../x.md are relative to the file only; /x.md to the content root (and
  // the site); a bare x.md to the content root, the site, then the file's folder; @site/x.md to the site.
  if (decoded.startsWith('@site/')) {
    candidates.push(path.posix.normalize(decoded.slice('@site/'.length)))
  } else if (!decoded.startsWith('./') && !decoded.startsWith('../')) {
    candidates.push(path.posix.join(link.contentRoot, decoded), path.posix.join('.', decoded))
  }
  if (!decoded.startsWith('/') && !decoded.startsWith('@site/')) {
    // A translation's relative links are written against its own folder; the site has one URL per
    // page whatever the locale, so they are looked up in the default-locale layout too.
    candidates.push(path.posix.join(path.posix.dirname(link.canonicalPath), decoded), path.posix.join(path.posix.dirname(link.file), decoded))
  }
  for (const candidate of candidates) {
    const url = urls.get(candidate)
    if (url) return hash ? `${url}#${hash}` : url
  }
  report(`link to a markdown file that is not part of the site: ${href}`)
  return href
}

/** A link relative to the page's address, as the browser resolves it on the page in Docusaurus, from the site's root. */
function fromPageAddress(href: string, link: LinkContext, urls: ReadonlyMap<string, string>): string {
  // This site is served from the root of its host: a path under Docusaurus's baseUrl is the same path from the root.
  const base = link.baseUrl
  if (base && base !== '/' && href.startsWith('/') && (href.startsWith(base) || `${href}/` === base)) return `/${href.slice(base.length)}`
  if (href === '' || href.startsWith('/') || href.startsWith('?') || href.startsWith('@site/')) return href
  const page = urls.get(link.canonicalPath)
  const address = link.pageAddress ?? (page === undefined || link.trailingSlash === true || page === '/' ? page : page.replace(/\/+$/, ''))
  if (address === undefined) return href
  const resolved = new URL(href, `http://site.invalid${address}`)
  return `${resolved.pathname}${resolved.search}${resolved.hash}`
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const index = text.indexOf(separator)
  return index === -1 ? [text, undefined] : [text.slice(0, index), text.slice(index + 1)]
}

/**
 * The address a static file is served at, as a browser asks for it: each character an address cannot
 * hold as it is (white space, `?`, `#`, `\\`) percent-encoded, and `%` too, so that decoding the
 * address gives the file's name back (`files/My File.pdf` → `files/My%20File.pdf`).
 */
export function servedPath(relative: string): string {
  return relative
    .split('/')
    .map((segment) => segment.replace(/[\s?#\\%]/gu, (character) => encodeURIComponent(character)))
    .join('/')
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** An image of another site, kept as its address. */
export interface RemoteImage {
  url: string
}

export type ResolvedImage = ImageValue | RemoteImage | {problem: string}

/** Files the site's content uses: images and files copied into the dataset, files served from the root. */
export class AssetStore {
  /** The config's markdown.preprocessor, run over a partial read with readText. */
  preprocess?: MarkdownPreprocessor

  private readonly root: string
  /** Where files may be read from: the site folder and the content folders beside it (real paths). */
  private readonly readable: readonly string[]
  private readonly images = new Map<string, string>()
  private readonly files = new Map<string, string>()
  private readonly served = new Map<string, string>()

  constructor(
    private readonly contentDir: string,
    /** The static folders, relative to the site (Docusaurus's staticDirectories, ['static'] by default). */
    private readonly staticDirs: readonly string[] = ['static'],
    /** Content folders the config names outside the site folder (../docs), relative to it: read as part of the site. */
    foldersOutside: readonly string[] = [],
    /**
     * The config's baseUrl (`/immer/`): an address written with it (`/immer/img/logo.svg`, which
     * Docusaurus serves from static/img/logo.svg) is found without it, as this site serves from the root.
     */
    private readonly baseUrl: string = '/',
  ) {
    this.root = realpathSync(path.resolve(contentDir))
    const outside = foldersOutside.map((folder) => path.resolve(contentDir, folder)).filter((folder) => existsSync(folder))
    // Each folder as written (for the lexical check of a path not yet looked at) and as its real path.
    const folders = [path.resolve(contentDir), ...outside]
    this.readable = [...new Set([...folders, ...folders.map((folder) => realpathSync(folder))])]
  }

  /** Whether a path (lexically, or a real path) is inside the site folder or one of its content folders beside it. */
  private isReadable(absolute: string): boolean {
    return this.readable.some((folder) => {
      const relative = path.relative(folder, absolute)
      return !relative.startsWith('..') && !path.isAbsolute(relative)
    })
  }

  private readonly measured = new Map<string, boolean>()

  /** Whether a file is an image the dataset can measure (and a browser show), once per file. */
  private measurable(file: string): boolean {
    let known = this.measured.get(file)
    if (known === undefined) {
      known = measureImage(readFileSync(file), file) !== null
      this.measured.set(file, known)
    }
    return known
  }

  /** An image value for `src` as written in `file` (and its source `canonicalPath` for translations). */
  image(src: string, file: string, canonicalPath = file): ResolvedImage {
    const trimmed = src.trim()
    if (/^https?:\/\//i.test(trimmed)) return {url: trimmed}
    if (trimmed.startsWith('//')) return {url: `https:${trimmed}`}
    if (EXTERNAL.test(trimmed) && !trimmed.startsWith('pathname://')) return {problem: `image address not supported: ${src}`}
    const found = this.find(trimmed.replace(/^pathname:\/\//, ''), file, canonicalPath)
    if ('problem' in found) return {problem: found.problem.replace('{what}', 'image')}
    if (!this.measurable(found.path))
      return {problem: `image ${src} cannot be read as an image (its bytes are damaged or of no image format; browsers cannot show it either)`}
    return {_type: 'image', _sanityAsset: `image@file://./images/${this.nameIn(this.images, found.path)}`}
  }

  /** A video or other file for a block (a `<video>` source): a dataset file asset, or its address. */
  file(src: string, file: string, canonicalPath = file): {_type: 'file'; _sanityAsset: string} | RemoteImage | {problem: string} {
    const trimmed = src.trim()
    if (/^https?:\/\//i.test(trimmed)) return {url: trimmed}
    if (trimmed.startsWith('//')) return {url: `https:${trimmed}`}
    const found = this.find(trimmed.replace(/^pathname:\/\//, ''), file, canonicalPath)
    if ('problem' in found) return {problem: found.problem.replace('{what}', 'file')}
    return {_type: 'file', _sanityAsset: `file@file://./files/${this.nameIn(this.files, found.path)}`}
  }

  /**
   * The site address of a local file a link points at (`[the slides](./slides.pdf)`), which the site
   * then serves under /assets/files/, as Docusaurus does; null when `href` is not a local file.
   */
  linkedFile(href: string, file: string, canonicalPath = file, onOutside?: (problem: string) => void): string | null {
    if (EXTERNAL.test(href) || href.startsWith('#') || href.startsWith('/')) return null
    const [target = ''] = href.split(/[?#]/)
    if (!target || /\.mdx?$/.test(target)) return null
    const found = this.find(target, file, canonicalPath, false)
    if ('problem' in found) {
      // A link from the site folder (@site/…) that names no file is said too: it cannot be a page either.
      if (found.problem.startsWith('{what} outside the site folder') || target.startsWith('@site/'))
        onOutside?.(found.problem.replace('{what}', 'link to a file'))
      return null
    }
    const name = this.nameIn(this.files, found.path)
    const sitePath = `assets/files/${name}`
    this.served.set(sitePath, found.path)
    return `/${sitePath}`
  }

  /**
   * The text of a file an MDX file imports (`./_partial.mdx`, `@site/docs/_shared.md` given as
   * `/docs/_shared.md` from the site folder), read only from inside the site folder.
   */
  readText(specifier: string, file: string, canonicalPath = file): {file: string; text: string} | null {
    const candidates = specifier.startsWith('/')
      ? [path.join(this.contentDir, specifier)]
      : [path.join(this.contentDir, path.dirname(file), specifier), path.join(this.contentDir, path.dirname(canonicalPath), specifier)]
    for (const candidate of candidates) {
      const real = this.inside(candidate)
      if (real && statSync(real).isFile()) {
        const text = readFileSync(real, 'utf8')
        return {file: path.relative(this.root, real).split(path.sep).join('/'), text: this.preprocess?.(path.relative(this.contentDir, real), text) ?? text}
      }
    }
    return null
  }

  /**
   * What a module specifier of an asset (`import x from '…'`, `require('…')`) names, as webpack resolves
   * it in Docusaurus: `@site/…` from the site folder, `./…` from the file, and an absolute `/…` from the
   * static folders, then the site folder (webpack's resolve roots). Given as the `@site/…` path of the
   * file found, or as written when none is (the resolvers then say it is not found).
   */
  modulePath(specifier: string): string {
    const clean = specifier.split(/[?#]/)[0] ?? ''
    if (!clean.startsWith('/')) return clean
    for (const root of [...this.staticDirs, '.']) {
      const candidate = path.join(this.contentDir, root, clean)
      const real = this.inside(candidate)
      if (real && statSync(real).isFile()) return `@site/${path.relative(this.contentDir, candidate).split(path.sep).join('/')}`
    }
    return clean
  }

  /** Whether a site path (without query) is a file of the static folders. */
  isStaticPath(sitePath: string): boolean {
    const clean = safeDecode(sitePath.split(/[?#]/)[0] ?? '').replace(/^\/+/, '')
    return clean !== '' && this.staticDirs.some((dir) => this.inside(path.join(this.contentDir, dir, clean)) !== null)
  }

  /**
   * Every file of the static folders and every linked file, as `staticFile` documents whose files
   * are copied into the dataset; the later static folder wins for a path found in two, as in Docusaurus.
   */
  staticFileDocuments(log: DiagnosticLog): SanityDocument[] {
    const byPath = new Map<string, string>()
    for (const dir of this.staticDirs) {
      const absolute = path.join(this.contentDir, dir)
      if (!existsSync(absolute)) continue
      for (const entry of readdirSync(absolute, {recursive: true, withFileTypes: true})) {
        if (!entry.isFile()) continue
        const full = path.join(entry.parentPath, entry.name)
        const real = this.inside(full)
        if (!real) {
          log.warn({file: path.relative(this.contentDir, full), message: 'a link to a file outside the site folder; not served'})
          continue
        }
        const sitePath = servedPath(path.relative(absolute, full).split(path.sep).join('/'))
        byPath.set(sitePath, real)
        const script = /\.html?$/i.test(entry.name) ? inlineScriptOf(readFileSync(real, 'utf8')) : null
        if (script)
          log.warn({
            file: path.relative(this.contentDir, full),
            line: script.line,
            message: `an inline script (${script.kind}) in a static HTML file: served at /${sitePath}, under this site's Content-Security-Policy, which runs only the site's own scripts, it does not run; move it to a .js file of static/ loaded with <script src>, or make the page a client redirect`,
          })
      }
    }
    for (const [sitePath, real] of this.served) byPath.set(sitePath, real)
    return [...byPath]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([sitePath, real]) =>
          ({
            _id: documentId('staticFile', contentHash(sitePath, 16)),
            _type: 'staticFile',
            path: sitePath,
            file: {_type: 'file', _sanityAsset: `file@file://./files/${this.nameIn(this.files, real)}`},
          }) satisfies ImportedStaticFile,
      )
  }

  /** Files to copy into the dataset: folder (images or files) and name → absolute source path. */
  datasetFiles(): {images: [string, string][]; files: [string, string][]} {
    const sorted = (map: Map<string, string>) =>
      [...map.entries()].map(([source, name]): [string, string] => [name, source]).sort(([a], [b]) => a.localeCompare(b))
    return {images: sorted(this.images), files: sorted(this.files)}
  }

  /** Candidates for a path as Docusaurus looks for it: absolute in the static folders, relative to the file (or its source). */
  private find(written: string, file: string, canonicalPath: string, tryStatic = true): {path: string} | {problem: string} {
    const clean = safeDecode(written.split(/[?#]/)[0] ?? '')
    if (clean === '') return {problem: `{what} without an address`}
    // @site/… is the site folder (Docusaurus's alias), in markdown and in JSX alike.
    const candidates = clean.startsWith('@site/')
      ? [path.join(this.contentDir, clean.slice('@site/'.length))]
      : clean.startsWith('/')
        ? [clean, ...(this.underBaseUrl(clean) ?? [])].flatMap((sitePath) => this.staticDirs.map((dir) => path.join(this.contentDir, dir, sitePath)))
        : [
            path.join(this.contentDir, path.dirname(file), clean),
            path.join(this.contentDir, path.dirname(canonicalPath), clean),
            ...(tryStatic ? this.staticDirs.map((dir) => path.join(this.contentDir, dir, clean)) : []),
          ]
    let outside = false
    for (const candidate of candidates) {
      // A path that leaves the site folder (../../etc/passwd.png) is refused without looking at it.
      if (!this.isReadable(path.resolve(candidate))) {
        outside = true
        continue
      }
      if (!existsSync(candidate) || !statSync(candidate).isFile()) continue
      const real = this.inside(candidate)
      if (real) return {path: real}
      outside = true
    }
    return {problem: outside ? `{what} outside the site folder, not read: ${written}` : `{what} not found: ${written}`}
  }

  /** A root path without the site's baseUrl (`/immer/img/x.svg` → `/img/x.svg`), or null when it is not under it (or the base is the root). */
  private underBaseUrl(sitePath: string): [string] | null {
    const base = `/${this.baseUrl.replace(/^\/+|\/+$/g, '')}/`
    return base !== '//' && sitePath.startsWith(base) ? [sitePath.slice(base.length - 1)] : null
  }

  /** The real path of a file when it is inside the site folder (symbolic links followed), else null. */
  private inside(candidate: string): string | null {
    if (!existsSync(candidate)) return null
    const real = realpathSync(candidate)
    return real !== this.root && this.isReadable(real) ? real : null
  }

  /** A stable, unique name for a file in the dataset: its readable name after a hash of its content path. */
  private nameIn(names: Map<string, string>, real: string): string {
    const known = names.get(real)
    if (known) return known
    const readable = path.basename(real).replace(/[^\w.-]+/g, '-')
    const name = `${contentHash(path.relative(this.root, real), 8)}-${readable}`
    names.set(real, name)
    return name
  }
}

/**
 * The first script of a static HTML file that a Content-Security-Policy without 'unsafe-inline' blocks:
 * an inline <script> that runs (not empty) or an `on…=` event handler, with its line; null when the file has none.
 */
export function inlineScriptOf(html: string): {kind: 'script element' | 'event handler'; line: number} | null {
  const lineAt = (index: number) => html.slice(0, index).split('\n').length
  for (const match of html.matchAll(SCRIPT_ELEMENT)) {
    if (isInlineExecutable(match[1] ?? '') && (match[2] ?? '').trim() !== '') return {kind: 'script element', line: lineAt(match.index)}
  }
  const handler = firstEventHandler(html)
  return handler ? {kind: 'event handler', line: lineAt(handler.index)} : null
}
