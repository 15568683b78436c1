/**
 * Stage 2, front matter: the values are read by gray-matter, the reader Docusaurus uses (js-yaml 3
 * underneath: YAML 1.1 types, and lenient where YAML 1.2 is not, e.g. `authors: [a] tags: [b]` on one
 * line is two fields), so that a file Docusaurus accepts gives the values Docusaurus sees. The `yaml`
 * package parses the same text again for positions, so that every error names the file, the field and
 * the line; then the fields are checked against what each kind of file accepts.
 */
import {SEMVER} from '@site/schemas'
import matter from 'gray-matter'
import {isMap, isScalar, LineCounter, parseDocument} from 'yaml'
import type {DiagnosticLog} from './diagnostics'

export type FieldKind = 'string' | 'number' | 'boolean' | 'date' | 'semver' | 'string-list' | 'tags' | 'authors' | 'object' | 'list' | 'any'

export interface FieldRule {
  kind: FieldKind
  required?: boolean
  /**
   * 'warn': a value of the wrong kind is reported as a warning and left out (the rest of the file is
   * imported), for fields whose absence changes how a page looks, never what it says or where it is.
   */
  onWrongKind?: 'warn'
}

export type FrontMatterRules = Record<string, FieldRule>

export interface FrontMatter {
  data: Record<string, unknown>
  /** Line of a top-level field in the file, or the opening `---` line. */
  lineOf(field: string): number
}

const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?^---[ \t]*$/m

// Titles are optional, as in Docusaurus: a level-1 heading opening the body gives one.
export const DOC_FIELDS: FrontMatterRules = {
  title: {kind: 'string'},
  description: {kind: 'string'},
  sidebar_label: {kind: 'string'},
  sidebar_position: {kind: 'number'},
  slug: {kind: 'string'},
  id: {kind: 'string'},
  draft: {kind: 'boolean'},
  unlisted: {kind: 'boolean'},
  hide_title: {kind: 'boolean'},
  // A doc id of the same version; null (or empty) hides the link.
  pagination_prev: {kind: 'string'},
  pagination_next: {kind: 'string'},
  keywords: {kind: 'string-list'},
  toc_min_heading_level: {kind: 'number'},
  toc_max_heading_level: {kind: 'number'},
  last_update: {kind: 'object'},
  tags: {kind: 'tags', onWrongKind: 'warn'},
  pagination_label: {kind: 'string', onWrongKind: 'warn'},
  hide_table_of_contents: {kind: 'boolean', onWrongKind: 'warn'},
  // A sidebar id of the doc's version; null shows none.
  displayed_sidebar: {kind: 'string', onWrongKind: 'warn'},
  // An address; null hides the link.
  custom_edit_url: {kind: 'string', onWrongKind: 'warn'},
  sidebar_custom_props: {kind: 'object', onWrongKind: 'warn'},
}

export const BLOG_FIELDS: FrontMatterRules = {
  title: {kind: 'string'},
  description: {kind: 'string'},
  slug: {kind: 'string'},
  date: {kind: 'date'},
  authors: {kind: 'authors'},
  tags: {kind: 'tags'},
  draft: {kind: 'boolean'},
  unlisted: {kind: 'boolean'},
}

export const RELEASE_FIELDS: FrontMatterRules = {
  version: {kind: 'semver', required: true},
  date: {kind: 'date', required: true},
  title: {kind: 'string'},
  description: {kind: 'string'},
  summary: {kind: 'string'},
  diff_url: {kind: 'string'},
}

export const PAGE_FIELDS: FrontMatterRules = {
  title: {kind: 'string'},
  description: {kind: 'string'},
  sidebar_position: {kind: 'number'},
  draft: {kind: 'boolean'},
  unlisted: {kind: 'boolean'},
  hide_title: {kind: 'boolean'},
  slug: {kind: 'string'},
}

export const HOME_FIELDS: FrontMatterRules = {
  title: {kind: 'string', required: true},
  description: {kind: 'string'},
  sections: {kind: 'list'},
}

/**
 * Parses and checks the front matter of `file`. Problems go to `log` as errors; the result is null
 * when the YAML itself cannot be read.
 */
export function readFrontMatter(file: string, text: string, rules: FrontMatterRules, log: DiagnosticLog): FrontMatter | null {
  const match = FRONT_MATTER.exec(text)
  const startsWithFence = /^---[ \t]*\r?\n/.test(text)
  if (!match || match.index !== 0) {
    if (startsWithFence) {
      log.error({file, line: 1, field: 'front matter', message: 'the front matter block is not closed with ---'})
      return null
    }
    const empty: FrontMatter = {data: {}, lineOf: () => 1}
    checkFields(file, empty, rules, log)
    return empty
  }
  const yamlText = match[1] ?? ''
  const lineCounter = new LineCounter()
  const document = parseDocument(yamlText, {lineCounter, prettyErrors: false})
  // Lines inside the YAML start after the opening `---`.
  const fileLine = (offset: number) => lineCounter.linePos(offset).line + 1
  let read: unknown
  try {
    // An options object turns off gray-matter's cache, which would hand the same object to two readers.
    read = matter(text, {}).data
  } catch (error) {
    if (document.errors.length > 0) {
      for (const yamlError of document.errors) {
        const line = fileLine(yamlError.pos[0])
        log.error({file, line, field: fieldOnLine(yamlText, line), message: `invalid YAML: ${yamlError.message.split('\n')[0]}`})
      }
    } else {
      // Only js-yaml refuses it (a YAML 1.1 tag it does not know, for one); its mark counts lines from 0.
      const mark = (error as {mark?: {line?: number}}).mark
      const line = mark?.line === undefined ? 1 : mark.line + 2
      const reason = (error as {reason?: string}).reason ?? (error instanceof Error ? error.message : String(error))
      log.error({file, line, field: fieldOnLine(yamlText, line), message: `invalid YAML: ${reason.split('\n')[0]}`})
    }
    return null
  }
  if (!isRecord(read)) {
    log.error({file, line: 2, field: 'front matter', message: 'front matter must be a list of `field: value` lines'})
    return null
  }
  const lines = new Map<string, number>()
  if (isMap(document.contents)) {
    for (const pair of document.contents.items) {
      if (isScalar(pair.key) && pair.key.range) lines.set(String(pair.key.value), fileLine(pair.key.range[0]))
    }
  }
  // Where the `yaml` package could not follow js-yaml (two fields on one line), a field's line is the first naming it.
  const yamlLines = yamlText.split('\n')
  for (const field of Object.keys(read)) {
    if (lines.has(field)) continue
    const escaped = field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    const index = yamlLines.findIndex((lineText) => new RegExp(`(^|[\\s\\]}'"])${escaped}['"]?\\s*:`).test(lineText))
    if (index >= 0) lines.set(field, index + 2)
  }
  const written: unknown = document.errors.length === 0 ? document.toJS() : undefined
  const data = withDatesAsText(read, written) as Record<string, unknown>
  const frontMatter: FrontMatter = {data, lineOf: (field) => lines.get(field) ?? 1}
  checkFields(file, frontMatter, rules, log)
  return frontMatter
}

function fieldOnLine(yamlText: string, line: number): string {
  const lineText = yamlText.split('\n')[line - 2] ?? ''
  return /^\s*([\w-]+)\s*:/.exec(lineText)?.[1] ?? 'front matter'
}

/**
 * js-yaml reads `2024-07-12` and YAML timestamps as JavaScript dates; the rest of the importer takes
 * dates as text (see frontMatterDate). A date is given back as written (`written` is the same front
 * matter read as YAML 1.2, where a date stays text), which keeps a day no calendar has (2024-02-30)
 * visible to the checks; otherwise as `2024-07-12` at midnight UTC or the ISO text of the instant.
 */
function withDatesAsText(value: unknown, written: unknown): unknown {
  if (value instanceof Date) {
    if (typeof written === 'string') return written
    if (Number.isNaN(value.getTime())) return String(value)
    const iso = value.toISOString()
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso
  }
  if (Array.isArray(value)) return value.map((item, index) => withDatesAsText(item, Array.isArray(written) ? written[index] : undefined))
  if (isRecord(value) && !Buffer.isBuffer(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withDatesAsText(item, isRecord(written) ? written[key] : undefined)]))
  }
  return value
}

function checkFields(file: string, frontMatter: FrontMatter, rules: FrontMatterRules, log: DiagnosticLog): void {
  for (const [field, rule] of Object.entries(rules)) {
    const value = frontMatter.data[field]
    const line = frontMatter.lineOf(field)
    if (value === undefined || value === null) {
      if (rule.required) log.error({file, line, field, message: 'is required'})
      continue
    }
    // A number written as text (`sidebar_position: "2"`) is that number, as Docusaurus's validation converts it.
    if (rule.kind === 'number' && typeof value === 'string' && /^\s*-?(\d+\.?\d*|\.\d+)\s*$/.test(value)) {
      frontMatter.data[field] = Number(value)
      continue
    }
    const problem = kindProblem(rule.kind, value)
    const rolled = rule.kind === 'date' && !problem ? rolledOverDay(value) : null
    if (rolled) log.warn({file, line, field, message: `${JSON.stringify(value)} names a day that no calendar has: read as ${rolled}, as Docusaurus reads it`})
    if (!problem) continue
    if (rule.onWrongKind === 'warn') {
      log.warn({file, line, field, message: `${problem}: ignored`})
      delete frontMatter.data[field]
    } else log.error({file, line, field, message: problem})
  }
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/

/** Why a value does not fit a kind, or null. */
export function kindProblem(kind: FieldKind, value: unknown): string | null {
  const shown = JSON.stringify(value)
  switch (kind) {
    case 'string':
      return typeof value === 'string' || typeof value === 'number' ? null : `expected text, got ${shown}`
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : `expected a number, got ${shown}`
    case 'boolean':
      return typeof value === 'boolean' ? null : `expected true or false, got ${shown}`
    case 'date':
      return frontMatterDate(value) !== null ? null : `expected a date such as 2024-07-12, got ${shown}`
    case 'semver':
      return typeof value === 'string' && SEMVER.test(value) ? null : `expected a semantic version such as 4.8.1, got ${shown}`
    case 'string-list':
      return Array.isArray(value) && value.every((item) => typeof item === 'string') ? null : `expected a list of texts, got ${shown}`
    case 'tags':
      return Array.isArray(value) && value.every((item) => typeof item === 'string' || (isRecord(item) && typeof item.label === 'string'))
        ? null
        : `expected a list of tags, got ${shown}`
    case 'authors': {
      const list = Array.isArray(value) ? value : [value]
      return list.every((item) => typeof item === 'string' || (isRecord(item) && typeof item.name === 'string'))
        ? null
        : `expected author keys of blog/authors.yml (or {name, title, url} objects), got ${shown}`
    }
    case 'object':
      return isRecord(value) ? null : `expected a set of fields, got ${shown}`
    case 'list':
      return Array.isArray(value) ? null : `expected a list, got ${shown}`
    case 'any':
      return null
  }
}

/** The day a date naming a day that no calendar has (2017-02-29) is read as (2017-03-01); null for a real day or no date. */
export function rolledOverDay(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const calendar = /^(\d{4})-(\d\d?)-(\d\d?)(?!\d)/.exec(value.trim())
  if (!calendar || isValidDate(`${calendar[1]}-${calendar[2]?.padStart(2, '0')}-${calendar[3]?.padStart(2, '0')}`)) return null
  return frontMatterDate(value)
}

export function isValidDate(value: unknown): boolean {
  if (typeof value !== 'string') return false
  const match = DATE.exec(value.trim())
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** A YAML 1.1 timestamp with a time (`2024-07-12 09:30:00 +02:00`), which the YAML reader of Docusaurus turns into a date. */
const YAML_TIMESTAMP = /^(\d{4})-(\d\d?)-(\d\d?)(?:[Tt]|[ \t]+)(\d\d?):(\d\d):(\d\d)(?:\.(\d*))?(?:[ \t]*(?:(Z)|([+-])(\d\d?)(?::(\d\d))?))?$/

/**
 * The calendar day (YYYY-MM-DD) Docusaurus gives a front matter `date`, or null when it has none.
 * A date alone or a YAML timestamp is read as YAML does, in UTC with its offset applied; any other
 * text the way Docusaurus's blog reads it, as a JavaScript date in UTC (`new Date(text + 'Z')`),
 * which takes `2025-03-19 00:00:00 -0700` as 19 March 2025. Docusaurus shows a post's day in UTC.
 */
export function frontMatterDate(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const text = value.trim()
  // A day that no month has (2017-02-29, 2024-04-31) rolls over into the next month, as YAML and JavaScript read it
  // (reported by rolledOverDay); a month or day out of any calendar (2024-13-45) is no date.
  const calendar = /^(\d{4})-(\d\d?)-(\d\d?)(?!\d)/.exec(text)
  if (calendar && !(Number(calendar[2]) >= 1 && Number(calendar[2]) <= 12 && Number(calendar[3]) >= 1 && Number(calendar[3]) <= 31)) return null
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (day) return new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))).toISOString().slice(0, 10)
  const stamp = YAML_TIMESTAMP.exec(text)
  if (stamp) {
    const [year, month, day, hour, minute, second] = stamp.slice(1, 7).map(Number) as [number, number, number, number, number, number]
    const sign = stamp[9] === '-' ? -1 : 1
    const offsetMinutes = stamp[10] === undefined ? 0 : sign * (Number(stamp[10]) * 60 + Number(stamp[11] ?? 0))
    const time = Date.UTC(year, month - 1, day, hour, minute, second) - offsetMinutes * 60_000
    return Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 10)
  }
  const time = new Date(`${text}Z`).getTime()
  return Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 10)
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
