/**
 * The rules of a site's CSS for its own classes (a navbar item's className, a class in a page) that
 * only draw an icon or set colours and sizes, carried over into the theme: their selector rewritten in
 * the one form the site emits (schemas/src/theme/css-safety.ts), var()s replaced by the site's values
 * in each colour mode, url()s kept only for data: images and the site's own files.
 */
import {CLASS_SELECTOR, declarationProblem} from '@site/schemas/theme'
import type {Computed} from './cascade'
import type {ComplexSelector, SimpleSelector} from './selectors'
import type {Declaration, StyleRule} from './stylesheets'

/** Every class the imported documents use: className fields, and class attributes in HTML they hold. */
export function classesUsed(documents: readonly unknown[]): Set<string> {
  const classes = new Set<string>()
  const addAll = (text: string) => {
    for (const name of text.split(/\s+/)) if (name) classes.add(name)
  }
  const visit = (value: unknown, key: string | undefined): void => {
    if (typeof value === 'string') {
      if (key === 'className') addAll(value)
      else if (value.includes('class'))
        for (const match of value.matchAll(/\bclass(?:Name)?\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) addAll(match[1] ?? match[2] ?? '')
      return
    }
    if (Array.isArray(value)) for (const item of value) visit(item, undefined)
    else if (value && typeof value === 'object') for (const [name, item] of Object.entries(value)) visit(item, name)
  }
  for (const document of documents) visit(document, undefined)
  return classes
}

export interface CarriedRule {
  _type: 'themeClassRule'
  selector: string
  declarations: Array<{_type: 'themeDeclaration'; property: string; value: string}>
  source: string
}

type Mode = 'light' | 'dark'

interface SelectorShape {
  /** The colour mode the selector is limited to by an html/[data-theme] ancestor, if any. */
  mode?: Mode
  tag?: string
  classes: string[]
  states: string[]
  pseudoElement?: 'before' | 'after'
}

const STATES = new Set(['hover', 'focus', 'focus-visible', 'active'])

/** Whether a compound only names the root in a colour mode: `html[data-theme='dark']`, `:root[data-theme=dark]`, `[data-theme='dark']`. */
function modeOfRootCompound(parts: readonly SimpleSelector[]): Mode | undefined {
  let mode: Mode | undefined
  for (const part of parts) {
    if (part.kind === 'type' && part.name === 'html') continue
    if (part.kind === 'pseudo-class' && part.name === 'root') continue
    if (part.kind === 'attribute' && part.name === 'data-theme' && part.operator === '=' && (part.value === 'dark' || part.value === 'light') && !mode) {
      mode = part.value
      continue
    }
    return undefined
  }
  return mode
}

/**
 * The shape of a selector that targets elements by the site's classes only: an optional colour-mode
 * ancestor, then one compound of classes (an element name, states and a ::before or ::after allowed).
 * Null for anything else (descendants, ids, attributes, Docusaurus's structure).
 */
export function classSelectorShape(selector: ComplexSelector): SelectorShape | null {
  const {compounds, combinators} = selector
  let mode: Mode | undefined
  if (compounds.length === 2) {
    if (combinators[0] !== ' ' && combinators[0] !== '>') return null
    mode = modeOfRootCompound(compounds[0]?.parts ?? [])
    if (!mode) return null
  } else if (compounds.length !== 1) return null
  const shape: SelectorShape = {classes: [], states: [], ...(mode ? {mode} : {})}
  const target = compounds.at(-1)?.parts ?? []
  for (const [index, part] of target.entries()) {
    if (part.kind === 'type' && index === 0 && part.name !== '*' && /^[a-z][a-z0-9]*$/.test(part.name) && part.name !== 'html' && part.name !== 'body')
      shape.tag = part.name
    else if (part.kind === 'class' && /^-?[A-Za-z_][A-Za-z0-9_-]*$/.test(part.name)) shape.classes.push(part.name)
    else if (part.kind === 'pseudo-class' && !part.list && part.argument === undefined && STATES.has(part.name) && !shape.pseudoElement)
      shape.states.push(part.name)
    else if (part.kind === 'pseudo-element' && (part.name === 'before' || part.name === 'after') && index === target.length - 1) shape.pseudoElement = part.name
    else return null
  }
  return shape.classes.length > 0 ? shape : null
}

export function selectorOf(shape: SelectorShape, mode: Mode | undefined): string {
  return `${mode ? `[data-theme='${mode}'] ` : ''}${shape.tag ?? ''}${shape.classes.map((name) => `.${name}`).join('')}${shape.states.map((state) => `:${state}`).join('')}${shape.pseudoElement ? `::${shape.pseudoElement}` : ''}`
}

/** How a url() of a carried-over rule is written in the site's CSS, or why it cannot be. */
export type UrlResolver = (address: string, stylesheetFile: string) => {url: string} | {problem: string}

/** A data: URI with the characters a <style> element or a quoted CSS string must not hold percent-encoded. */
export function normalizeDataUri(address: string): string {
  const comma = address.indexOf(',')
  if (comma === -1 || /;base64,/i.test(address.slice(0, comma + 1))) return address
  return (
    address.slice(0, comma + 1) +
    address.slice(comma + 1).replace(/["<>\n\r\t]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)
  )
}

/** A value with every url() rewritten by `resolve`, its address quoted; the problem of the first it cannot keep. */
export function rewriteUrls(value: string, stylesheetFile: string, resolve: UrlResolver): {value: string} | {problem: string} {
  let problem: string | undefined
  const rewritten = value.replace(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)"'\s]*))\s*\)/gi, (_whole, double?: string, single?: string, bare?: string) => {
    const address = (double ?? single ?? bare ?? '').trim()
    if (/^data:/i.test(address)) return `url("${normalizeDataUri(address)}")`
    const found = resolve(address, stylesheetFile)
    if ('problem' in found) {
      problem ??= found.problem
      return 'none'
    }
    return `url("${found.url}")`
  })
  return problem ? {problem} : {value: rewritten}
}

export interface ClassRuleOutcome {
  kept: CarriedRule[]
  /** Declarations of the site that reached the theme through a kept rule. */
  consumed: Set<Declaration>
  /** Per rule (by its order in the cascade) the properties left out of it, and why. */
  leftOut: Map<number, Array<{property: string; problem: string}>>
}

export interface CarryInput {
  rules: readonly StyleRule[]
  used: ReadonlySet<string>
  /** The root's custom properties in each mode, for the var()s of a rule. */
  root: Record<Mode, ReadonlyMap<string, Computed | null>>
  substitute: (value: string, lookup: (name: string) => Computed | null) => Computed | null
  resolveUrl: UrlResolver
  /** Site-relative file of a rule's stylesheet, for its relative url()s. */
  stylesheetOf: (rule: StyleRule) => string
}

/** The site's rules for its own classes that can be carried over, with what of them could not. */
export function carryClassRules({rules, used, root, substitute, resolveUrl, stylesheetOf}: CarryInput): ClassRuleOutcome {
  const kept: CarriedRule[] = []
  const consumed = new Set<Declaration>()
  const leftOut = new Map<number, Array<{property: string; problem: string}>>()
  const note = (rule: StyleRule, property: string, problem: string) => leftOut.set(rule.order, [...(leftOut.get(rule.order) ?? []), {property, problem}])
  for (const rule of rules) {
    if (rule.origin !== 'site' || !rule.parsed || rule.conditions.length > 0) continue
    const shape = classSelectorShape(rule.parsed)
    if (!shape || !shape.classes.every((name) => used.has(name))) continue
    // Unlimited rules get each mode's values; where the two differ, a rule for dark mode follows.
    const modes: Array<Mode | undefined> = shape.mode ? [shape.mode] : [undefined, 'dark']
    const own = new Map(
      rule.declarations.filter((declaration) => declaration.property.startsWith('--')).map((declaration) => [declaration.property, declaration]),
    )
    const written = new Map<string, string>()
    for (const mode of modes) {
      const variables = root[mode ?? 'light']
      const lookup = (name: string): Computed | null => {
        const local = own.get(name)
        if (local) return substitute(local.value, lookup)
        return variables.get(name) ?? null
      }
      const declarations: CarriedRule['declarations'] = []
      const selector = selectorOf(shape, mode)
      for (const declaration of rule.declarations) {
        if (declaration.property.startsWith('--')) continue
        const substituted = substitute(declaration.value, lookup)
        if (!substituted) {
          if (mode !== 'dark' || shape.mode) note(rule, declaration.property, 'it refers to a variable the site does not set')
          continue
        }
        // A variable set to nothing (Bootstrap's `--bs-card-height: ;`) leaves the property as if never set: nothing to carry.
        if (substituted.value.trim() === '') {
          consumed.add(declaration)
          for (const use of substituted.uses) consumed.add(use)
          continue
        }
        const urls = rewriteUrls(substituted.value, stylesheetOf(rule), resolveUrl)
        if ('problem' in urls) {
          if (mode !== 'dark' || shape.mode) note(rule, declaration.property, urls.problem)
          continue
        }
        const problem = declarationProblem(selector, declaration.property, urls.value)
        if (problem) {
          if (mode !== 'dark' || shape.mode) note(rule, declaration.property, problem)
          continue
        }
        // The dark copy holds only what differs from the unlimited rule.
        if (mode === 'dark' && !shape.mode && written.get(declaration.property) === urls.value) continue
        written.set(declaration.property, urls.value)
        declarations.push({_type: 'themeDeclaration', property: declaration.property, value: urls.value})
        consumed.add(declaration)
        for (const use of substituted.uses) consumed.add(use)
      }
      if (declarations.length > 0 && CLASS_SELECTOR.test(selector)) {
        kept.push({_type: 'themeClassRule', selector, declarations, source: `${rule.at.file}:${rule.at.line}`})
      }
    }
  }
  return {kept, consumed, leftOut}
}
