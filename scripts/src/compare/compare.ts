/**
 * Compares a Docusaurus build with this site's build of the same source, route by route: which
 * routes each side has, how much of Docusaurus's visible text, anchors and code is found here, and
 * the constructs counted on both sides. Pure over what readBuild returns, so the figures are tested
 * on small fixtures.
 */
import {readFile} from 'node:fs/promises'
import {join} from 'node:path'
import {structureOf, type KindFigures, type StructureFigures} from './align'
import type {Block, BlockKind} from './blocks'
import {normalizeSpace} from './dom'
import {codeKey, extractPage, type PageKind} from './extract'
import {imageLoads, resolveImage} from './images'
import {detectLocales, isNotFoundPage, listFiles, localeOfRoute, routeOfFile, urlPathOfFile, type LocaleLayout} from './routes'
import {countWords, matchWords, tokenize, type WordCounts} from './words'

/** What one page of one side holds, reduced to what the comparison needs. */
export interface PageFigures {
  file: string
  urlPath: string
  lang: string | null
  region: string
  words: WordCounts
  headings: number
  /** Heading ids, in order. */
  anchors: string[]
  /** Code blocks by their white-space-free text; the value is a one-line preview. */
  code: Array<{key: string; preview: string}>
  images: number
  imagesLoading: number
  brokenImages: Array<{src: string; reason: string}>
  /** Links of the main region to a path of the site that no file of the build serves. */
  brokenLinks: string[]
  tabs: number
  admonitions: number
  details: number
  videos: number
  embeds: number
  unconverted: number
  /** `{name}` placeholders in the visible text, each as often as it shows. */
  placeholders: string[]
  /** The blocks of the main content, in order (images marked when they do not load). */
  blocks: Block[]
  /** What Docusaurus's page classes say the page is (null on this site's pages). */
  pageKind: PageKind | null
}

export interface SideBuild {
  root: string
  /** Pages by route key. */
  pages: Map<string, PageFigures>
  /** HTML files that are not pages of the site generator (copies of static/), relative paths. */
  staticHtml: string[]
  /** Every file of the build, relative, forward slashes. */
  files: Set<string>
}

export type Progress = (done: number, total: number) => void

export interface ReadBuildOptions {
  /**
   * Whether an HTML file is a page of the site (rather than a static copy): by default every HTML
   * file is. For Docusaurus, the files carrying its generator meta.
   */
  isPage?: (file: string, generator: string | null) => boolean
  /** The locale used to segment words when a page has no `<html lang>`. */
  fallbackLocale?: string
  /**
   * Pages are read at their address without the folder's slash (Docusaurus's default: /docs/x for docs/x/index.html),
   * so that links relative to the page are read as a browser reads them there.
   */
  addressWithoutSlash?: boolean
  onProgress?: Progress
}

const PREVIEW_LENGTH = 70

/** Reads every HTML file of a build and reduces each page to its figures. */
export async function readBuild(root: string, options: ReadBuildOptions = {}): Promise<SideBuild> {
  const files = new Set(await listFiles(root))
  const htmlFiles = [...files].filter((file) => file.endsWith('.html') && !isNotFoundPage(file))
  const pages = new Map<string, PageFigures>()
  const staticHtml: string[] = []
  let done = 0
  for (const file of htmlFiles) {
    const html = await readFile(join(root, file), 'utf8')
    const figures = pageFigures(html, file, files, options.fallbackLocale ?? 'en', options.addressWithoutSlash)
    if (options.isPage && !options.isPage(file, figures.generator)) staticHtml.push(file)
    else pages.set(routeOfFile(file), figures.page)
    done++
    options.onProgress?.(done, htmlFiles.length)
  }
  return {root, pages, staticHtml, files}
}

/** The baseUrl a Docusaurus page was built for, from the address of its main script (`/immer/assets/js/main.<hash>.js`); `/` when not found. */
export function docusaurusBaseUrl(html: string): string {
  return /\ssrc="(\/[^"]*?)assets\/js\/main\.[0-9a-f]+\.js"/.exec(html)?.[1] ?? '/'
}

/** One page's figures, from its HTML and the set of files of its build (to resolve images). */
export function pageFigures(
  html: string,
  file: string,
  files: ReadonlySet<string>,
  fallbackLocale = 'en',
  addressWithoutSlash = false,
): {page: PageFigures; generator: string | null} {
  const extracted = extractPage(html)
  const urlPath = urlPathOfFile(file)
  const address = addressWithoutSlash && urlPath !== '/' ? urlPath.replace(/\/+$/, '') : urlPath
  // A Docusaurus build served under its baseUrl (/immer/): its files are at the build's root.
  const base = addressWithoutSlash ? docusaurusBaseUrl(html) : '/'
  const brokenLinks = extracted.links.filter((href) => {
    const value = href.trim()
    // Other sites, other schemes and fragments of the page itself are not the build's to serve.
    if (value === '' || value.startsWith('#') || value.startsWith('//') || /^[a-z][a-z0-9+.-]*:/i.test(value)) return false
    let target: URL
    try {
      target = new URL(value, `http://site.invalid${base}${address.slice(1)}`)
    } catch {
      return true
    }
    if (!target.pathname.startsWith(base)) return true
    return !imageLoads(resolveImage(`/${target.pathname.slice(base.length)}`, '/', files))
  })
  const locale = extracted.lang ?? fallbackLocale
  const images = extracted.images.map((image) => ({src: image.src, target: resolveImage(image.src, urlPath, files)}))
  const brokenImages = images.flatMap(({src, target}) => {
    if (imageLoads(target)) return []
    const reason = target.kind === 'broken' ? target.reason : target.kind === 'local' ? (target.reason ?? 'no such file in the build') : 'does not load'
    return [{src, reason}]
  })
  return {
    generator: extracted.generator,
    page: {
      file,
      urlPath,
      lang: extracted.lang,
      region: extracted.region,
      words: countWords(tokenize(extracted.text, locale)),
      headings: extracted.headings.length,
      anchors: extracted.headings.flatMap((heading) => (heading.id ? [heading.id] : [])),
      code: extracted.codeBlocks.map((code) => ({key: codeKey(code), preview: preview(code)})),
      images: images.length,
      imagesLoading: images.length - brokenImages.length,
      brokenImages,
      brokenLinks,
      tabs: extracted.tabs,
      admonitions: extracted.admonitions,
      details: extracted.details,
      videos: extracted.videos,
      embeds: extracted.embeds,
      unconverted: extracted.unconverted,
      placeholders: extracted.text.match(PLACEHOLDER) ?? [],
      pageKind: extracted.pageKind,
      blocks: extracted.blocks.map((block) =>
        block.kind === 'image' && block.src !== undefined && !imageLoads(resolveImage(block.src, urlPath, files))
          ? {...block, label: `${block.label} (does not load)`}
          : block,
      ),
    },
  }
}

/** A message placeholder left unfilled: `{readingTime}`, `{siteTitle}`. */
const PLACEHOLDER = /\{[A-Za-z]\w*\}/g

function preview(code: string): string {
  const line = normalizeSpace(code)
  return line.length > PREVIEW_LENGTH ? `${line.slice(0, PREVIEW_LENGTH - 1)}…` : line
}

/** The Docusaurus side's test for a page: its generator meta (static copies have none). */
export function isDocusaurusPage(_file: string, generator: string | null): boolean {
  return generator !== null && /docusaurus/i.test(generator)
}

export interface CountPair {
  docusaurus: number
  ours: number
}

export interface PageComparison {
  route: string
  locale: string
  /** both: a route of both builds; missing: only Docusaurus has it; extra: only this site has it. */
  status: 'both' | 'missing' | 'extra'
  docusaurusFile: string | null
  ourFile: string | null
  words: {reference: number; found: number; share: number | null; missing: Array<{word: string; count: number}>}
  headings: CountPair
  anchors: {reference: number; found: number; missing: string[]}
  codeBlocks: {reference: number; found: number; ours: number; missing: string[]}
  images: {docusaurus: number; docusaurusLoading: number; ours: number; oursLoading: number; broken: Array<{src: string; reason: string}>}
  /** Links to a path of the site that no file serves: how many on each side, and those here. */
  brokenLinks: CountPair & {here: string[]}
  tabs: CountPair
  admonitions: CountPair
  details: CountPair
  videos: CountPair
  embeds: CountPair
  unconverted: number
  /** Placeholders this page shows as written that the Docusaurus page does not show. */
  rawPlaceholders: string[]
  /** The blocks of both sides aligned (null for a route only this site has). */
  structure: StructureFigures | null
}

export interface Totals {
  routes: {docusaurus: number; ours: number; both: number; missing: number; extra: number}
  words: {reference: number; found: number; share: number | null; pagesAtLeast99: number; pagesCompared: number}
  headings: CountPair
  anchors: {reference: number; found: number}
  codeBlocks: {reference: number; found: number; ours: number}
  images: {docusaurus: number; docusaurusLoading: number; ours: number; oursLoading: number; oursBroken: number}
  brokenLinks: CountPair
  tabs: CountPair
  admonitions: CountPair
  details: CountPair
  videos: CountPair
  embeds: CountPair
  unconverted: number
  rawPlaceholders: number
  structure: {
    docusaurus: number
    ours: number
    matched: number
    /** 2·matched / (docusaurus + ours) over every page of Docusaurus. */
    score: number | null
    pagesAtLeast99: number
    pagesCompared: number
    byKind: Partial<Record<BlockKind, KindFigures>>
  }
  /** Code blocks here showing MDX/JSX source that Docusaurus rendered. */
  rawSource: number
  lineBreaks: {docusaurus: number; ours: number; extra: number; missing: number}
}

export interface StaticFilesCheck {
  /** Files of the site's static/ folder. */
  files: number
  /** Of them, present at the same path in this site's build. */
  present: number
  /** Of them, present in the Docusaurus build (a check of the reference itself). */
  presentInDocusaurus: number
  missing: string[]
}

export interface ComparisonResult {
  locales: LocaleLayout
  pages: PageComparison[]
  totals: Totals
  perLocale: Array<{locale: string; totals: Totals}>
  /** Docusaurus HTML files that are static copies, not pages, and whether this site has them. */
  staticHtml: {docusaurus: number; present: number; missing: string[]}
  staticFiles: StaticFilesCheck | null
}

/** The locales of a Docusaurus build, from the languages of its home pages. */
export function localesOf(build: SideBuild): LocaleLayout {
  const folders = new Map<string, string | null>()
  for (const [route, page] of build.pages) {
    const segments = route.split('/').filter(Boolean)
    if (segments.length === 1 && segments[0]) folders.set(segments[0], page.lang)
  }
  return detectLocales({root: build.pages.get('/')?.lang ?? null, folders})
}

function share(found: number, reference: number): number | null {
  return reference > 0 ? found / reference : null
}

function emptyCount(): CountPair {
  return {docusaurus: 0, ours: 0}
}

/** Compares the pages of two builds. */
export function compareBuilds(
  docusaurus: SideBuild,
  ours: SideBuild,
  options: {staticDirFiles?: readonly string[] | null; missingWordsListed?: number} = {},
): ComparisonResult {
  const locales = localesOf(docusaurus)
  const listed = options.missingWordsListed ?? 30
  const routes = [...new Set([...docusaurus.pages.keys(), ...ours.pages.keys()])].sort()
  const pages = routes.map((route) => comparePage(route, localeOfRoute(route, locales), docusaurus.pages.get(route), ours.pages.get(route), listed))

  const byLocale = new Map<string, PageComparison[]>()
  for (const page of pages) byLocale.set(page.locale, [...(byLocale.get(page.locale) ?? []), page])
  const localeOrder = [locales.defaultLocale, ...locales.prefixed]
  const perLocale = [...byLocale.keys()]
    .sort((a, b) => localeOrder.indexOf(a) - localeOrder.indexOf(b))
    .map((locale) => ({locale, totals: totalsOf(byLocale.get(locale) ?? [])}))

  const staticMissing = docusaurus.staticHtml.filter((file) => !ours.files.has(file))
  let staticFiles: StaticFilesCheck | null = null
  if (options.staticDirFiles) {
    const missing = options.staticDirFiles.filter((file) => !ours.files.has(file))
    staticFiles = {
      files: options.staticDirFiles.length,
      present: options.staticDirFiles.length - missing.length,
      presentInDocusaurus: options.staticDirFiles.filter((file) => docusaurus.files.has(file)).length,
      missing,
    }
  }
  return {
    locales,
    pages,
    totals: totalsOf(pages),
    perLocale,
    staticHtml: {docusaurus: docusaurus.staticHtml.length, present: docusaurus.staticHtml.length - staticMissing.length, missing: staticMissing},
    staticFiles,
  }
}

export function comparePage(
  route: string,
  locale: string,
  reference: PageFigures | undefined,
  ours: PageFigures | undefined,
  missingWordsListed = 30,
): PageComparison {
  const status = reference && ours ? 'both' : reference ? 'missing' : 'extra'
  const words = reference ? matchWords(reference.words, ours?.words ?? new Map<string, number>()) : {reference: 0, found: 0, missing: []}

  const ourAnchors = new Set(ours?.anchors ?? [])
  const referenceAnchors = [...new Set(reference?.anchors ?? [])]
  const missingAnchors = referenceAnchors.filter((anchor) => !ourAnchors.has(anchor))

  const ourCode = countWords((ours?.code ?? []).map((block) => block.key))
  const missingCode: string[] = []
  let codeFound = 0
  for (const block of reference?.code ?? []) {
    const left = ourCode.get(block.key) ?? 0
    if (left > 0) {
      codeFound++
      ourCode.set(block.key, left - 1)
    } else missingCode.push(block.preview)
  }

  const pair = (pick: (page: PageFigures) => number): CountPair => ({docusaurus: reference ? pick(reference) : 0, ours: ours ? pick(ours) : 0})
  return {
    route,
    locale,
    status,
    docusaurusFile: reference?.file ?? null,
    ourFile: ours?.file ?? null,
    words: {reference: words.reference, found: words.found, share: share(words.found, words.reference), missing: words.missing.slice(0, missingWordsListed)},
    headings: pair((page) => page.headings),
    anchors: {reference: referenceAnchors.length, found: referenceAnchors.length - missingAnchors.length, missing: missingAnchors},
    codeBlocks: {reference: reference?.code.length ?? 0, found: codeFound, ours: ours?.code.length ?? 0, missing: missingCode},
    images: {
      docusaurus: reference?.images ?? 0,
      docusaurusLoading: reference?.imagesLoading ?? 0,
      ours: ours?.images ?? 0,
      oursLoading: ours?.imagesLoading ?? 0,
      broken: ours?.brokenImages ?? [],
    },
    brokenLinks: {docusaurus: reference?.brokenLinks.length ?? 0, ours: ours?.brokenLinks.length ?? 0, here: ours?.brokenLinks ?? []},
    tabs: pair((page) => page.tabs),
    admonitions: pair((page) => page.admonitions),
    details: pair((page) => page.details),
    videos: pair((page) => page.videos),
    embeds: pair((page) => page.embeds),
    unconverted: ours?.unconverted ?? 0,
    rawPlaceholders: extraPlaceholders(ours?.placeholders ?? [], reference?.placeholders ?? []),
    structure: reference ? structureOf(reference.blocks, ours?.blocks ?? []) : null,
  }
}

/** Ours minus Docusaurus's, counting repeats: a `{name}` that both show is the page's own text. */
function extraPlaceholders(ours: readonly string[], reference: readonly string[]): string[] {
  const left = countWords(reference)
  return ours.filter((name) => {
    const count = left.get(name) ?? 0
    if (count === 0) return true
    left.set(name, count - 1)
    return false
  })
}

/**
 * Sums the pages' figures over Docusaurus's routes: one this site lacks counts with nothing found;
 * routes only this site has count as routes and nothing else.
 */
export function totalsOf(pages: readonly PageComparison[]): Totals {
  const totals: Totals = {
    routes: {docusaurus: 0, ours: 0, both: 0, missing: 0, extra: 0},
    words: {reference: 0, found: 0, share: null, pagesAtLeast99: 0, pagesCompared: 0},
    headings: emptyCount(),
    anchors: {reference: 0, found: 0},
    codeBlocks: {reference: 0, found: 0, ours: 0},
    images: {docusaurus: 0, docusaurusLoading: 0, ours: 0, oursLoading: 0, oursBroken: 0},
    brokenLinks: emptyCount(),
    tabs: emptyCount(),
    admonitions: emptyCount(),
    details: emptyCount(),
    videos: emptyCount(),
    embeds: emptyCount(),
    unconverted: 0,
    rawPlaceholders: 0,
    structure: {docusaurus: 0, ours: 0, matched: 0, score: null, pagesAtLeast99: 0, pagesCompared: 0, byKind: {}},
    rawSource: 0,
    lineBreaks: {docusaurus: 0, ours: 0, extra: 0, missing: 0},
  }
  const add = (into: CountPair, from: CountPair) => {
    into.docusaurus += from.docusaurus
    into.ours += from.ours
  }
  for (const page of pages) {
    if (page.status !== 'extra') totals.routes.docusaurus++
    if (page.status !== 'missing') totals.routes.ours++
    totals.routes[page.status]++
    // Counts compare like with like: a page Docusaurus does not have is only a route.
    if (page.status === 'extra') continue
    totals.words.reference += page.words.reference
    totals.words.found += page.words.found
    totals.words.pagesCompared++
    if (page.words.share === null || page.words.share >= 0.99) totals.words.pagesAtLeast99++
    add(totals.headings, page.headings)
    totals.anchors.reference += page.anchors.reference
    totals.anchors.found += page.anchors.found
    totals.codeBlocks.reference += page.codeBlocks.reference
    totals.codeBlocks.found += page.codeBlocks.found
    totals.codeBlocks.ours += page.codeBlocks.ours
    totals.images.docusaurus += page.images.docusaurus
    totals.images.docusaurusLoading += page.images.docusaurusLoading
    totals.images.ours += page.images.ours
    totals.images.oursLoading += page.images.oursLoading
    totals.images.oursBroken += page.images.broken.length
    add(totals.brokenLinks, page.brokenLinks)
    add(totals.tabs, page.tabs)
    add(totals.admonitions, page.admonitions)
    add(totals.details, page.details)
    add(totals.videos, page.videos)
    add(totals.embeds, page.embeds)
    totals.unconverted += page.unconverted
    totals.rawPlaceholders += page.rawPlaceholders.length
    const structure = page.structure
    if (structure) {
      totals.structure.docusaurus += structure.docusaurus
      totals.structure.ours += structure.ours
      totals.structure.matched += structure.matched
      totals.structure.pagesCompared++
      if (structure.score >= 0.99) totals.structure.pagesAtLeast99++
      for (const [kind, figures] of Object.entries(structure.byKind) as Array<[BlockKind, KindFigures]>) {
        const into = (totals.structure.byKind[kind] ??= {docusaurus: 0, ours: 0, matched: 0})
        into.docusaurus += figures.docusaurus
        into.ours += figures.ours
        into.matched += figures.matched
      }
      totals.rawSource += structure.rawSource.length
      totals.lineBreaks.docusaurus += structure.lineBreaks.docusaurus
      totals.lineBreaks.ours += structure.lineBreaks.ours
      totals.lineBreaks.extra += structure.lineBreaks.extra
      totals.lineBreaks.missing += structure.lineBreaks.missing
    }
  }
  const blocks = totals.structure.docusaurus + totals.structure.ours
  totals.structure.score = blocks === 0 ? null : (2 * totals.structure.matched) / blocks
  totals.words.share = share(totals.words.found, totals.words.reference)
  return totals
}

/**
 * The pages to look at first, among the routes both builds have: the lowest structure score, then
 * the lowest share of Docusaurus's words, then the most "not converted" boxes, then the longest.
 * Routes missing here are listed apart.
 */
export function worstPages(pages: readonly PageComparison[], count: number): PageComparison[] {
  const hasLoss = (page: PageComparison) =>
    (page.structure?.score ?? 1) < 1 ||
    (page.words.share ?? 1) < 1 ||
    page.unconverted > 0 ||
    page.rawPlaceholders.length > 0 ||
    page.anchors.missing.length > 0 ||
    page.codeBlocks.missing.length > 0 ||
    page.images.broken.length > 0
  return pages
    .filter((page) => page.status === 'both' && hasLoss(page))
    .sort(
      (a, b) =>
        (a.structure?.score ?? 1) - (b.structure?.score ?? 1) ||
        (a.words.share ?? 1) - (b.words.share ?? 1) ||
        b.unconverted - a.unconverted ||
        b.words.reference - a.words.reference ||
        a.route.localeCompare(b.route),
    )
    .slice(0, count)
}
