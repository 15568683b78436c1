/**
 * The docs of one version in one locale, in the order of the version's sidebars, with the
 * categories as headings: what the studio lists under Docs → version → locale. Pure data.
 */
import {type Locale, type LocalizedValue, pickLocalized} from '@site/schemas/model'

export interface OrderDoc {
  _id: string
  language: string | null
  slug: string | null
  title: string | null
  sidebarPosition?: number | null
}

export interface OrderSidebar {
  sidebarId: string | null
  items: unknown[] | null
}

/** Headings have a level: 0 for a sidebar (when a version has several), 1 + depth for categories. */
export type OrderRow = {kind: 'heading'; title: string; level: number} | {kind: 'doc'; id: string; title: string}

type Label = readonly LocalizedValue[] | null | undefined

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function refOf(value: unknown): string | undefined {
  return isRecord(value) && typeof value._ref === 'string' ? value._ref : undefined
}

/** Drafts and published versions of a document are one entry: the published id. */
export function publishedId(id: string): string {
  return id.replace(/^drafts\./, '')
}

export function sidebarOrder(sidebars: readonly OrderSidebar[], docs: readonly OrderDoc[], locale: Locale, defaultLocale: Locale): OrderRow[] {
  const unique = new Map<string, OrderDoc>()
  for (const doc of docs) unique.set(publishedId(doc._id), {...doc, _id: publishedId(doc._id)})
  const sourceSlug = new Map<string, string>()
  const inLocale = new Map<string, OrderDoc>()
  for (const doc of unique.values()) {
    if (doc.language === defaultLocale && doc.slug) sourceSlug.set(doc._id, doc.slug)
    if (doc.language === locale && doc.slug) inLocale.set(doc.slug, doc)
  }
  const rows: OrderRow[] = []
  const listed = new Set<string>()
  const addDoc = (ref: string | undefined) => {
    const slug = ref ? sourceSlug.get(ref) : undefined
    const doc = slug ? inLocale.get(slug) : undefined
    if (!doc || listed.has(doc._id)) return
    listed.add(doc._id)
    rows.push({kind: 'doc', id: doc._id, title: doc.title || doc.slug || doc._id})
  }
  const walk = (items: unknown[], trail: string[]) => {
    for (const item of items) {
      if (!isRecord(item)) continue
      if (item._type === 'sidebarDoc') addDoc(refOf(item.doc))
      if (item._type === 'sidebarCategory') {
        const title = [...trail, pickLocalized(Array.isArray(item.label) ? (item.label as Label) : null, locale, defaultLocale)].filter(Boolean)
        rows.push({kind: 'heading', title: title.join(' › '), level: title.length})
        addDoc(refOf(item.linkDoc))
        walk(Array.isArray(item.items) ? item.items : [], title)
      }
    }
  }
  const multiple = sidebars.length > 1
  for (const sidebar of [...sidebars].sort((a, b) => String(a.sidebarId).localeCompare(String(b.sidebarId)))) {
    if (multiple) rows.push({kind: 'heading', title: `Sidebar “${sidebar.sidebarId ?? ''}”`, level: 0})
    walk(sidebar.items ?? [], [])
  }
  const rest = [...inLocale.values()]
    .filter((doc) => !listed.has(doc._id))
    .sort((a, b) => (a.sidebarPosition ?? Infinity) - (b.sidebarPosition ?? Infinity) || String(a.slug).localeCompare(String(b.slug)))
  if (rest.length > 0) {
    rows.push({kind: 'heading', title: 'Not in a sidebar', level: 0})
    for (const doc of rest) rows.push({kind: 'doc', id: doc._id, title: doc.title || doc.slug || doc._id})
  }
  // A heading with no doc of this locale under it (before the next heading of its level or above) says nothing.
  return rows.filter((row, index) => {
    if (row.kind === 'doc') return true
    for (const next of rows.slice(index + 1)) {
      if (next.kind === 'doc') return true
      if (next.level <= row.level) return false
    }
    return false
  })
}
