/**
 * What the end-to-end tests expect, read from content/ rather than copied into the tests: titles of
 * docs, the number of blog posts, the French interface messages of content/i18n/fr/code.json.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs'
import {join, relative} from 'node:path'
import {builtInUiCatalog, UI_MESSAGES, type UiMessageKey} from '@site/schemas'
import {REPO_ROOT} from './environment'

const CONTENT = join(REPO_ROOT, 'content')
const DOCS_DIRS = {
  en: join(CONTENT, 'docs'),
  fr: join(CONTENT, 'i18n/fr/docusaurus-plugin-content-docs/current'),
} as const

function unquote(value: string): string {
  const text = value.trim()
  if (text.startsWith('"') && text.endsWith('"')) return JSON.parse(text) as string
  if (text.startsWith("'") && text.endsWith("'")) return text.slice(1, -1).replace(/''/g, "'")
  return text
}

/** The top-level scalar fields of a markdown file's front matter (enough for title, slug and id). */
export function frontMatter(file: string): Record<string, string> {
  const text = readFileSync(file, 'utf8')
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)
  const fields: Record<string, string> = {}
  for (const line of match?.[1]?.split(/\r?\n/) ?? []) {
    const field = /^([A-Za-z_][\w-]*):\s*(.*)$/.exec(line)
    if (field?.[1] && field[2] !== undefined && field[2] !== '') fields[field[1]] = unquote(field[2])
  }
  return fields
}

function markdownFiles(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, {recursive: true, encoding: 'utf8'})
    .filter((path) => /\.mdx?$/.test(path))
    .map((path) => join(dir, path))
}

/** The markdown file of the current-version doc at `/docs/v4/<slug>/`, following content/README.md's rules. */
export function findDoc(locale: keyof typeof DOCS_DIRS, slug: string): string | undefined {
  const dir = DOCS_DIRS[locale]
  return markdownFiles(dir).find((file) => {
    const fields = frontMatter(file)
    if (fields.slug !== undefined) return fields.slug.replace(/^\/|\/$/g, '') === slug
    const id =
      fields.id ??
      relative(dir, file)
        .replace(/\.mdx?$/, '')
        .split('/')
        .map((part) => part.replace(/^\d+-/, ''))
        .join('/')
        .replace(/(^|\/)index$/, '')
    return id === slug
  })
}

export function docTitle(locale: keyof typeof DOCS_DIRS, slug: string): string {
  const file = findDoc(locale, slug)
  if (!file) throw new Error(`content/ has no ${locale} doc for /docs/v4/${slug}/ (looked in ${relative(REPO_ROOT, DOCS_DIRS[locale])})`)
  const title = frontMatter(file).title
  if (!title) throw new Error(`${relative(REPO_ROOT, file)} has no title in its front matter`)
  return title
}

/** Ids fixed by `{#id}` on the h2 and h3 headings of a markdown file: the TOC must link to them. */
export function explicitHeadingIds(file: string): string[] {
  const ids: string[] = []
  for (const match of readFileSync(file, 'utf8').matchAll(/^#{2,3}\s.*\{#([\w-]+)\}\s*$/gm)) {
    if (match[1]) ids.push(match[1])
  }
  return ids
}

/** Posts of the blog (file or folder names starting with a date, as Docusaurus names them). */
export function blogPostCount(): number {
  const dir = join(CONTENT, 'blog')
  if (!existsSync(dir)) return 0
  return readdirSync(dir).filter((name) => /^\d{4}-\d{2}-\d{2}-/.test(name)).length
}

export interface ContentAuthor {
  key: string
  name: string
  title?: string
  url?: string
  /** Whether the entry asks for a page (`page:` other than false). */
  page: boolean
}

/**
 * The authors of content/blog/authors.yml in file order (keys at the margin, scalar fields indented
 * under them); for a locale with its own i18n/<locale>/docusaurus-plugin-content-blog/authors.yml,
 * that file's names and roles, as Docusaurus reads it instead for that locale.
 */
export function blogAuthors(locale?: string): ContentAuthor[] {
  const translated = locale ? join(CONTENT, `i18n/${locale}/docusaurus-plugin-content-blog/authors.yml`) : ''
  const file = translated && existsSync(translated) ? translated : join(CONTENT, 'blog/authors.yml')
  if (!existsSync(file)) return []
  const authors: ContentAuthor[] = []
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const key = /^([^\s#][^:]*):\s*$/.exec(line)
    if (key?.[1]) {
      authors.push({key: key[1], name: key[1], page: false})
      continue
    }
    const field = /^\s+(name|title|url|page):\s*(.+)$/.exec(line)
    const current = authors.at(-1)
    if (!field?.[1] || field[2] === undefined || !current) continue
    if (field[1] === 'page') current.page = field[2].trim() !== 'false'
    else current[field[1] as 'name' | 'title' | 'url'] = unquote(field[2])
  }
  return authors
}

/** How many posts of content/blog name the author key in their front matter `authors`. */
export function blogPostCountBy(key: string): number {
  const dir = join(CONTENT, 'blog')
  if (!existsSync(dir)) return 0
  return readdirSync(dir)
    .filter((name) => /^\d{4}-\d{2}-\d{2}-/.test(name))
    .map((name) =>
      name.endsWith('.md') || name.endsWith('.mdx')
        ? join(dir, name)
        : [join(dir, name, 'index.md'), join(dir, name, 'index.mdx')].find((candidate) => existsSync(candidate)),
    )
    .filter((file): file is string => file !== undefined)
    .filter((file) => {
      const authors = frontMatter(file).authors ?? ''
      return authors
        .replace(/^\[|\]$/g, '')
        .split(',')
        .map((entry) => unquote(entry))
        .includes(key)
    }).length
}

let frenchCode: Record<string, {message?: string}> | undefined

/**
 * A message in French as the site shows it: content/i18n/fr/code.json under our key or the
 * Docusaurus id it replaces, else the built-in French translation; `fallback` when neither has it.
 */
export function frenchMessage(key: UiMessageKey, fallback: string): string {
  if (frenchCode === undefined) {
    const file = join(CONTENT, 'i18n/fr/code.json')
    frenchCode = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, {message?: string}>) : {}
  }
  const docusaurusId = UI_MESSAGES[key].docusaurusId
  return frenchCode[key]?.message ?? (docusaurusId ? frenchCode[docusaurusId]?.message : undefined) ?? builtInUiCatalog('fr')?.[key] ?? fallback
}

export function englishMessage(key: UiMessageKey): string {
  return UI_MESSAGES[key].message
}
