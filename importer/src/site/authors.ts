/**
 * Blog authors: blog/authors.yml (the blog's `authorsMapPath`), its translations under
 * i18n/<locale>/docusaurus-plugin-content-blog/, and inline author objects of posts → author documents,
 * with Docusaurus 3's author pages (`page: true` or `page: {permalink}`) and social links.
 */
import {existsSync} from 'node:fs'
import {readFile} from 'node:fs/promises'
import path from 'node:path'
import {AUTHOR_PERMALINK, documentId, type Locale} from '@site/schemas/model'
import {isMap, isScalar, LineCounter, parseDocument} from 'yaml'
import type {DiagnosticLog} from '../diagnostics'
import {isRecord} from '../front-matter'
import type {ImportedAuthor, SanityDocument} from './sanity-document'
import type {PostEntry} from './entries'
import type {AssetStore} from './resolvers'

export interface Authors {
  documents: SanityDocument[]
  /** Author document ids of a post, in front matter order; unknown keys are reported as errors. */
  idsFor(entry: PostEntry): string[]
}

/** Where the authors files are: the blog folder, the file name, and each other locale's i18n folder. */
export interface AuthorsSource {
  blogDir: string
  /** The blog option `authorsMapPath` (authors.yml by default). */
  mapPath?: string
  /** The site's other locales and their folders under i18n/. */
  translations?: ReadonlyArray<{locale: Locale; folder: string}>
}

/** A data file read with the line of each top-level key and of each key's fields (YAML only). */
interface DataFile {
  file: string
  data: unknown
  lineOf(key: string, field?: string): number | undefined
}

async function readDataFileWithLines(contentDir: string, file: string): Promise<DataFile | null> {
  const absolute = path.join(contentDir, file)
  if (!existsSync(absolute)) return null
  const text = await readFile(absolute, 'utf8')
  if (!/\.ya?ml$/i.test(file)) return {file, data: JSON.parse(text) as unknown, lineOf: () => undefined}
  const lineCounter = new LineCounter()
  const document = parseDocument(text, {lineCounter})
  if (document.errors.length > 0) {
    const first = document.errors[0]
    throw Object.assign(new Error(first?.message.split('\n')[0] ?? 'invalid YAML'), {line: first ? lineCounter.linePos(first.pos[0]).line : undefined})
  }
  const lineOf = (key: string, field?: string): number | undefined => {
    const root = document.contents
    if (!isMap(root)) return undefined
    const entry = root.items.find((item) => isScalar(item.key) && String(item.key.value) === key)
    if (!entry) return undefined
    let node: {range?: [number, number, number] | null} | null | undefined = entry.key
    if (field !== undefined && isMap(entry.value)) {
      const inner = entry.value.items.find((item) => isScalar(item.key) && String(item.key.value) === field)
      if (inner) node = inner.key
    }
    const offset = node?.range?.[0]
    return offset === undefined ? undefined : lineCounter.linePos(offset).line
  }
  return {file, data: document.toJS() as unknown, lineOf}
}

/**
 * The address Docusaurus gives `page: true`: lodash's kebabCase of the key (words split at case
 * changes, between letters and digits and at anything else, lower case, joined by hyphens).
 */
export function kebabCaseKey(key: string): string {
  // lodash first strips the accents of Latin letters (deburr).
  const plain = key
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ßæÆøØœŒðÐþÞłŁđĐı]/g, (letter) => DEBURRED[letter] ?? letter)
  const words =
    plain
      .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
      .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
      .replace(/(\p{L})(\p{N})/gu, '$1 $2')
      .replace(/(\p{N})(\p{L})/gu, '$1 $2')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  return words.map((word) => word.toLowerCase()).join('-')
}

const DEBURRED: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'Ae',
  ø: 'o',
  Ø: 'O',
  œ: 'oe',
  Œ: 'Oe',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'Th',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ı: 'i',
}

/** Social handles as Docusaurus 3.5+ turns them into addresses (authorsSocials.ts). */
const SOCIAL_ADDRESSES: Record<string, (handle: string) => string> = {
  x: (handle) => `https://x.com/${handle}`,
  twitter: (handle) => `https://twitter.com/${handle}`,
  github: (handle) => `https://github.com/${handle}`,
  linkedin: (handle) => `https://www.linkedin.com/in/${handle}/`,
  stackoverflow: (id) => `https://stackoverflow.com/users/${id}`,
  bluesky: (handle) => `https://bsky.app/profile/${handle}`,
  instagram: (handle) => `https://www.instagram.com/${handle}`,
  threads: (handle) => `https://www.threads.net/@${handle}`,
  mastodon: (handle) => `https://mastodon.social/@${handle}`,
  twitch: (handle) => `https://twitch.tv/${handle}`,
  youtube: (handle) => `https://youtube.com/@${handle}`,
  email: (address) => `mailto:${address}`,
}

const AUTHOR_FIELDS = new Set(['name', 'title', 'url', 'image_url', 'imageURL', 'email', 'page', 'socials', 'description'])
const TEXT_FIELDS = ['name', 'title', 'url', 'image_url', 'imageURL', 'email', 'description'] as const

/** One authors.yml entry, checked: what the author document holds, and whether it could be read. */
interface AuthorEntry {
  name?: string
  title?: string
  url?: string
  imageUrl?: string
  email?: string
  description?: string
  /** The page's address under /blog/authors/, or null for no page. */
  permalink: string | null
  socials: Array<{platform: string; url: string}>
}

function readEntry(key: string, value: Record<string, unknown>, source: DataFile, log: DiagnosticLog): AuthorEntry | null {
  const where = (field?: string) => ({file: source.file, line: source.lineOf(key, field), field: field ? `${key}.${field}` : key})
  let valid = true
  for (const field of TEXT_FIELDS) {
    const given = value[field]
    if (given !== undefined && given !== null && typeof given !== 'string') {
      log.error({...where(field), message: `expected text, got ${describe(given)}`})
      valid = false
    }
  }
  for (const field of Object.keys(value)) {
    if (!AUTHOR_FIELDS.has(field))
      log.warn({
        ...where(field),
        message: 'is not a field of Docusaurus authors (name, title, url, image_url, email, description, page, socials): not imported',
      })
  }
  const permalink = readPage(key, value.page, where('page'), log)
  if (permalink === undefined) valid = false
  const socials = readSocials(key, value.socials, where('socials'), log)
  if (socials === undefined) valid = false
  if (!valid || permalink === undefined || socials === undefined) return null
  const text = (field: (typeof TEXT_FIELDS)[number]) => (typeof value[field] === 'string' && value[field] !== '' ? value[field] : undefined)
  return {
    name: text('name'),
    title: text('title'),
    url: text('url'),
    imageUrl: text('image_url') ?? text('imageURL'),
    email: text('email'),
    description: text('description'),
    permalink,
    socials,
  }
}

/** `page`: null for no page, the permalink for one, undefined (reported) when it cannot be read. */
function readPage(key: string, page: unknown, at: {file: string; line?: number; field: string}, log: DiagnosticLog): string | null | undefined {
  if (page === undefined || page === null || page === false) return null
  if (page === true) {
    const permalink = kebabCaseKey(key)
    if (permalink) return permalink
    log.error({...at, message: `the key "${key}" gives no page address (Docusaurus uses its words in kebab case): give one with page: {permalink: "…"}`})
    return undefined
  }
  if (isRecord(page) && typeof page.permalink === 'string') {
    const permalink = page.permalink.replace(/\/{2,}/g, '/').replace(/^\/+|\/+$/g, '')
    if (AUTHOR_PERMALINK.test(permalink)) return permalink
    log.error({
      ...at,
      message: `permalink "${page.permalink}" is not a path under /blog/authors/ (path segments such as "ana" or "team/ana", not ending in page/<n>)`,
    })
    return undefined
  }
  log.error({...at, message: `expected true, false or {permalink: "…"}, got ${describe(page)}`})
  return undefined
}

function readSocials(key: string, socials: unknown, at: {file: string; line?: number; field: string}, log: DiagnosticLog): AuthorEntry['socials'] | undefined {
  if (socials === undefined || socials === null) return []
  if (!isRecord(socials)) {
    log.error({...at, message: `expected links by platform (github: handle, x: handle, …), got ${describe(socials)}`})
    return undefined
  }
  const links: AuthorEntry['socials'] = []
  for (const [platform, raw] of Object.entries(socials)) {
    const handle = typeof raw === 'number' ? String(raw) : raw
    if (typeof handle !== 'string' || handle === '') {
      log.error({...at, field: `${key}.socials.${platform}`, message: `expected a handle or an address, got ${describe(raw)}`})
      return undefined
    }
    if (/^(https?:\/\/|mailto:)/.test(handle)) links.push({platform, url: handle})
    else if (handle.includes('/')) {
      log.error({...at, field: `${key}.socials.${platform}`, message: `"${handle}" is neither a handle nor a full http(s) address`})
      return undefined
    } else {
      const address = SOCIAL_ADDRESSES[platform.toLowerCase()]
      if (address) links.push({platform: platform.toLowerCase(), url: address(handle)})
      else
        log.warn({
          ...at,
          field: `${key}.socials.${platform}`,
          message: `"${handle}" is a handle of a platform Docusaurus does not know, so it has no address: not imported (write the full https:// address)`,
        })
    }
  }
  return links
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list'
  if (value === null) return 'null'
  if (typeof value === 'object') return 'an object'
  return `${typeof value} ${JSON.stringify(value)}`
}

function authorDocument(key: string, entry: AuthorEntry, extra: Record<string, unknown>, assets: AssetStore, file: string, log: DiagnosticLog): SanityDocument {
  const image = entry.imageUrl ? assets.image(entry.imageUrl, file) : undefined
  if (image && 'problem' in image) log.warn({file, field: `${key}.image_url`, message: image.problem})
  return {
    _id: documentId('author', key),
    _type: 'author',
    key,
    name: entry.name ?? key,
    ...(entry.title ? {title: entry.title} : {}),
    ...(entry.description ? {description: entry.description} : {}),
    ...(entry.url ? {url: entry.url} : {}),
    ...(entry.email ? {email: entry.email} : {}),
    ...(image && 'url' in image ? {imageUrl: image.url} : image && !('problem' in image) ? {image} : {}),
    ...(entry.socials.length > 0 ? {socials: entry.socials.map((social, index) => ({_key: `social-${index}`, _type: 'authorSocial', ...social}))} : {}),
    ...extra,
  } satisfies ImportedAuthor
}

/** What an authors file holds: its readable entries by key, in file order (null when absent or unreadable). */
async function readAuthorsFile(contentDir: string, file: string, log: DiagnosticLog): Promise<{source: DataFile; entries: Map<string, AuthorEntry>} | null> {
  let source: DataFile | null
  try {
    source = await readDataFileWithLines(contentDir, file)
  } catch (error) {
    log.error({file, line: (error as {line?: number}).line, message: error instanceof Error ? error.message : String(error)})
    return null
  }
  if (!source || source.data === null || source.data === undefined) return null
  if (!isRecord(source.data)) {
    log.error({file, message: 'expected authors by key: `key: {name, title, url, image_url, page, socials}`'})
    return null
  }
  const entries = new Map<string, AuthorEntry>()
  for (const [key, value] of Object.entries(source.data)) {
    if (!isRecord(value)) {
      log.error({file, line: source.lineOf(key), field: key, message: `expected {name, title, url, image_url, page, socials}, got ${describe(value)}`})
      continue
    }
    const entry = readEntry(key, value, source, log)
    if (entry) entries.set(key, entry)
  }
  return {source, entries}
}

export async function loadAuthors(contentDir: string, where: string | AuthorsSource, assets: AssetStore, log: DiagnosticLog): Promise<Authors> {
  const options: AuthorsSource = typeof where === 'string' ? {blogDir: where} : where
  const AUTHORS_FILE = `${options.blogDir}/${options.mapPath ?? 'authors.yml'}`
  const documents = new Map<string, SanityDocument>()
  const known = new Set<string>()
  const base = await readAuthorsFile(contentDir, AUTHORS_FILE, log)
  if (base) {
    // Docusaurus refuses two authors with one page address.
    const byPermalink = new Map<string, string>()
    for (const [key, entry] of base.entries) {
      if (entry.permalink === null) continue
      const other = byPermalink.get(entry.permalink)
      if (other)
        log.error({
          file: AUTHORS_FILE,
          line: base.source.lineOf(key, 'page'),
          field: `${key}.page`,
          message: `the page address /blog/authors/${entry.permalink} is already ${other}'s: give one of them another permalink`,
        })
      else byPermalink.set(entry.permalink, key)
    }
    let position = 0
    for (const [key, entry] of base.entries) {
      known.add(key)
      const page = entry.permalink === null ? {page: false} : {page: true, permalink: entry.permalink}
      documents.set(documentId('author', key), authorDocument(key, entry, {listed: true, position: position++, ...page}, assets, AUTHORS_FILE, log))
    }
  }
  for (const {locale, folder} of options.translations ?? []) {
    const file = `i18n/${folder}/docusaurus-plugin-content-blog/${options.mapPath ?? 'authors.yml'}`
    const translated = await readAuthorsFile(contentDir, file, log)
    if (translated) applyTranslation(locale, file, translated, documents, base?.entries ?? new Map<string, AuthorEntry>(), AUTHORS_FILE, log)
  }
  const cache = new Map<PostEntry, string[]>()
  /** The key of each author written in a post, by what the post writes. */
  const inlineKeys = new Map<string, string>()
  return {
    get documents() {
      return [...documents.values()]
    },
    idsFor(entry) {
      const cached = cache.get(entry)
      if (cached) return cached
      const raw = entry.frontMatter.data.authors
      const legacy = legacyAuthor(entry.frontMatter.data)
      const line = entry.frontMatter.lineOf(legacy && (raw === undefined || raw === null) ? 'author' : 'authors')
      if (legacy && raw !== undefined && raw !== null)
        log.error({
          file: entry.file.path,
          line,
          field: 'authors',
          message: `is given beside ${legacy.fields.join(', ')}: Docusaurus refuses a post that mixes them; keep authors only`,
        })
      const list = raw === undefined || raw === null ? (legacy ? [legacy.author] : []) : Array.isArray(raw) ? raw : [raw]
      const ids: string[] = []
      for (const author of list) {
        if (typeof author === 'string') {
          if (known.has(author)) ids.push(documentId('author', author))
          else log.error({file: entry.file.path, line, field: 'authors', message: `"${author}" is not a key of ${AUTHORS_FILE}`})
        } else if (isRecord(author) && typeof author.name === 'string') {
          // An author written in the post: no page and not on the authors page, as in Docusaurus. It is not the author of
          // the authors file that has its name as key (that one's page does not count the post), and two posts' authors
          // are one document only when written alike (Electron's `PlaineKevin` and `plainekevin` each keep their name).
          const written = JSON.stringify(author)
          const slug = author.name
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, '-')
            .replace(/^-|-$/g, '')
          let key = inlineKeys.get(written)
          for (let suffix = 1; key === undefined; suffix++) {
            const candidate = suffix === 1 ? slug : `${slug}-${suffix}`
            if (!known.has(candidate) && !documents.has(documentId('author', candidate))) key = candidate
          }
          inlineKeys.set(written, key)
          const id = documentId('author', key)
          if (!documents.has(id)) {
            const {page, ...rest} = author
            const read = readEntry(key, rest, {file: entry.file.path, data: author, lineOf: () => line}, log)
            if (page !== undefined)
              log.warn({
                file: entry.file.path,
                line,
                field: 'authors',
                message: `${author.name}: \`page\` is only read in ${AUTHORS_FILE} (as in Docusaurus): no author page`,
              })
            if (read) documents.set(id, authorDocument(key, read, {listed: false, page: false}, assets, entry.file.path, log))
          }
          ids.push(id)
        }
      }
      // A post without authors is shown without a byline, as Docusaurus shows it.
      cache.set(entry, ids)
      return ids
    },
  }
}

/**
 * Docusaurus 2's single-author front matter (`author`, `author_title`/`authorTitle`, `author_url`/`authorURL`,
 * `author_image_url`/`authorImageURL`), which Docusaurus 3 still reads as the post's one author written in the post.
 */
function legacyAuthor(data: Record<string, unknown>): {author: Record<string, string>; fields: string[]} | null {
  const pick = (...names: string[]) => names.find((name) => typeof data[name] === 'string' && data[name].trim() !== '')
  const fields = {
    name: pick('author'),
    title: pick('author_title', 'authorTitle'),
    url: pick('author_url', 'authorURL'),
    image_url: pick('author_image_url', 'authorImageURL'),
  }
  const given = Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined)
  if (given.length === 0) return null
  const author = Object.fromEntries(given.map(([field, name]) => [field, (data[name] as string).trim()]))
  // An author without a name is named by its title, as the byline shows it.
  return {author: {name: author.name ?? author.title ?? '', ...author}, fields: given.map(([, name]) => name)}
}

/**
 * A locale's own authors file:/**
 * A locale's own authors file: Docusaurus reads it instead of the blog's for that locale. The name,
 * role and description become the author's translations; what cannot differ per locale here (who
 * the authors are, their pages, links and pictures) is reported where it differs.
 */
function applyTranslation(
  locale: Locale,
  file: string,
  translated: {source: DataFile; entries: Map<string, AuthorEntry>},
  documents: Map<string, SanityDocument>,
  baseEntries: Map<string, AuthorEntry>,
  baseFile: string,
  log: DiagnosticLog,
): void {
  for (const [key, entry] of translated.entries) {
    const line = translated.source.lineOf(key)
    const original = baseEntries.get(key)
    const document = documents.get(documentId('author', key))
    if (!original || !document) {
      log.warn({file, line, field: key, message: `is not an author of ${baseFile}: authors are the same in every locale here, so this one is not imported`})
      continue
    }
    const shared: Array<[string, unknown, unknown]> = [
      ['url', entry.url, original.url],
      ['image_url', entry.imageUrl, original.imageUrl],
      ['email', entry.email, original.email],
      ['page', entry.permalink, original.permalink],
      ['socials', JSON.stringify(entry.socials), JSON.stringify(original.socials)],
    ]
    const differs = shared.filter(([, mine, theirs]) => (mine ?? null) !== (theirs ?? null)).map(([field]) => field)
    if (differs.length > 0)
      log.warn({
        file,
        line,
        field: key,
        message: `${differs.join(', ')} ${differs.length === 1 ? 'differs' : 'differ'} from ${baseFile}: the site uses ${baseFile}'s in every locale`,
      })
    const translation = {
      ...(entry.name && entry.name !== original.name ? {name: entry.name} : {}),
      ...(entry.title && entry.title !== original.title ? {title: entry.title} : {}),
      ...(entry.description && entry.description !== original.description ? {description: entry.description} : {}),
    }
    if (Object.keys(translation).length === 0) continue
    const translations: unknown[] = Array.isArray(document.translations) ? document.translations : []
    document.translations = [...translations, {_key: locale, _type: 'authorTranslation', language: locale, ...translation}]
  }
  for (const key of baseEntries.keys()) {
    if (!translated.entries.has(key))
      log.warn({
        file,
        field: key,
        message: `is missing, so Docusaurus leaves this author out of the ${locale} site; here they are in every locale (with ${baseFile}'s text)`,
      })
  }
}

/** Blog options that move author pages, which this site keeps at Docusaurus's default addresses. */
export function reportAuthorPageOptions(blogOptions: Record<string, unknown>, configFile: string, log: DiagnosticLog): void {
  const base = blogOptions.authorsBasePath
  if (typeof base === 'string' && base.replace(/^\/+|\/+$/g, '') !== 'authors') {
    log.warn({
      file: configFile,
      field: 'blog.authorsBasePath',
      message: `is "${base}": the site serves the authors page and author pages at /blog/authors/ (links to /blog/${base.replace(/^\/+|\/+$/g, '')}/… will not resolve)`,
    })
  }
  const pages = blogOptions.pageBasePath
  if (typeof pages === 'string' && pages.replace(/^\/+|\/+$/g, '') !== 'page') {
    log.warn({file: configFile, field: 'blog.pageBasePath', message: `is "${pages}": the site numbers further list pages (blog, tags, authors) as …/page/<n>`})
  }
}
