/**
 * The cascade of Infima's defaults and a site's CSS over a few elements of a Docusaurus page: which
 * declaration wins (importance, specificity, order), custom properties inherited and their var()s
 * substituted, as a browser computes them. Each computed value remembers the site's declaration that
 * decided it, so that a report can name the variable, the file and the line.
 */
import type {Declaration, StyleRule} from './stylesheets'
import {compareSpecificity, matches, type Probe, specificity, type Specificity} from './selectors'

export interface Computed {
  /** The value with every var() substituted. */
  value: string
  /** The site's declaration that decided it (none when Infima's default did). */
  source?: Declaration
  /** Every declaration of the site the value was computed from (the winner and the variables it refers to). */
  uses: readonly Declaration[]
}

interface Candidate {
  declaration: Declaration
  specificity: Specificity
  order: number
  index: number
  origin: StyleRule['origin']
}

/** At-rules whose rules hold on a screen whatever its size: the cascade reads them; others (widths, print) it leaves to the report. */
function holdsOnEveryScreen(condition: string): boolean {
  return /^@media\s+(?:all|screen|only screen)$/i.test(condition) || /^@layer\b/i.test(condition) || /^@supports\b/i.test(condition)
}

/** Properties an element takes from its parent when nothing sets them (of those the theme reads). */
const INHERITED = new Set(['color', 'font-family', 'font-size'])

/** The index just after the bracket that closes the one at `open`. */
function closing(text: string, open: number): number {
  let depth = 0
  for (let at = open; at < text.length; at++) {
    if (text[at] === '(') depth++
    else if (text[at] === ')' && --depth === 0) return at + 1
  }
  return -1
}

/** A colour named last in a `background` shorthand (`url(…) no-repeat, #0f1689`); transparent when it names none. */
export function backgroundColourOf(value: string): string {
  let depth = 0
  let token = ''
  const tokens: string[] = []
  for (const char of `${value} `) {
    if (char === '(') depth++
    if (char === ')') depth--
    if ((/\s/.test(char) || char === ',') && depth === 0) {
      if (token) tokens.push(token)
      token = ''
    } else token += char
  }
  const colour = [...tokens]
    .reverse()
    .find(
      (candidate) =>
        /^(?:#[0-9a-f]{3,8}|(?:rgba?|hsla?)\(.*\)|[a-z]+)$/i.test(candidate) &&
        !/^(?:no-repeat|repeat|repeat-x|repeat-y|center|left|right|top|bottom|none|fixed|scroll|local|cover|contain|auto|padding-box|border-box|content-box|space|round)$/i.test(
          candidate,
        ),
    )
  return colour ?? 'transparent'
}

export class Cascade {
  private readonly rules: StyleRule[]
  private readonly customCache = new WeakMap<Probe, Map<string, Computed | null>>()

  constructor(rules: readonly StyleRule[]) {
    this.rules = rules.filter((rule) => rule.parsed !== null && rule.conditions.every(holdsOnEveryScreen))
  }

  /** The rules whose declarations apply to the probe, with their weights. */
  private candidates(probe: Probe): Candidate[] {
    const found: Candidate[] = []
    for (const rule of this.rules) {
      if (!rule.parsed || !matches(rule.parsed, probe)) continue
      const weight = specificity(rule.parsed)
      rule.declarations.forEach((declaration, index) => found.push({declaration, specificity: weight, order: rule.order, index, origin: rule.origin}))
    }
    return found
  }

  private winner(candidates: readonly Candidate[], properties: readonly string[]): Candidate | undefined {
    let best: Candidate | undefined
    for (const candidate of candidates) {
      if (!properties.includes(candidate.declaration.property)) continue
      if (!best) {
        best = candidate
        continue
      }
      const importance = Number(candidate.declaration.important) - Number(best.declaration.important)
      const weight = importance || compareSpecificity(candidate.specificity, best.specificity) || candidate.order - best.order || candidate.index - best.index
      if (weight >= 0) best = candidate
    }
    return best
  }

  /** Every custom property of the probe, computed (null: guaranteed-invalid). */
  customProperties(probe: Probe): Map<string, Computed | null> {
    const cached = this.customCache.get(probe)
    if (cached) return cached
    const inherited = probe.parent ? this.customProperties(probe.parent) : new Map<string, Computed | null>()
    const candidates = this.candidates(probe)
    const names = new Set(candidates.map((candidate) => candidate.declaration.property).filter((name) => name.startsWith('--')))
    const own = new Map<string, Candidate>()
    for (const name of names) {
      const winner = this.winner(candidates, [name])
      if (winner) own.set(name, winner)
    }
    const done = new Map<string, Computed | null>()
    const resolving = new Set<string>()
    const resolve = (name: string): Computed | null => {
      if (done.has(name)) return done.get(name) ?? null
      const winner = own.get(name)
      if (!winner) return inherited.get(name) ?? null
      // A variable that refers to itself through others is invalid, as in a browser.
      if (resolving.has(name)) return null
      resolving.add(name)
      const raw = winner.declaration.value
      let result: Computed | null
      if (/^(?:inherit|unset)$/i.test(raw)) result = inherited.get(name) ?? null
      else if (/^initial$/i.test(raw)) result = null
      else {
        const substituted = this.substitute(raw, resolve)
        const mine = winner.origin === 'site' ? [winner.declaration] : []
        result = substituted && {
          value: substituted.value,
          ...(winner.origin === 'site' ? {source: winner.declaration} : substituted.source ? {source: substituted.source} : {}),
          uses: [...mine, ...substituted.uses],
        }
      }
      resolving.delete(name)
      done.set(name, result)
      return result
    }
    for (const name of own.keys()) resolve(name)
    const computed = new Map<string, Computed | null>([...inherited, ...done])
    this.customCache.set(probe, computed)
    return computed
  }

  /** `value` with its var()s replaced; null when one is invalid and has no fallback. */
  substitute(value: string, lookup: (name: string) => Computed | null): Computed | null {
    let source: Declaration | undefined
    const uses: Declaration[] = []
    let text = value
    for (let at = text.search(/var\(/i); at !== -1; at = text.search(/var\(/i)) {
      const end = closing(text, at + 3)
      if (end === -1) return null
      const inner = text.slice(at + 4, end - 1)
      const comma = inner.indexOf(',')
      const name = (comma === -1 ? inner : inner.slice(0, comma)).trim()
      const found = lookup(name)
      let replacement: string
      if (found) {
        replacement = found.value
        source ??= found.source
        uses.push(...found.uses)
      } else if (comma !== -1) {
        const fallback = this.substitute(inner.slice(comma + 1).trim(), lookup)
        if (!fallback) return null
        replacement = fallback.value
        source ??= fallback.source
        uses.push(...fallback.uses)
      } else return null
      text = `${text.slice(0, at)}${replacement}${text.slice(end)}`
    }
    return {value: text.trim(), ...(source ? {source} : {}), uses}
  }

  /**
   * A property of the probe as computed: the winning declaration with its var()s substituted; an
   * inherited property nothing sets (or set invalid) is its parent's; `background` counts for
   * `background-color` with the colour it names.
   */
  property(probe: Probe, property: string): Computed | null {
    const candidates = this.candidates(probe)
    const winner = this.winner(candidates, property === 'background-color' ? ['background-color', 'background'] : [property])
    const fromParent = () => (INHERITED.has(property) && probe.parent ? this.property(probe.parent, property) : null)
    if (!winner) return fromParent()
    const raw = winner.declaration.value
    if (/^inherit$/i.test(raw)) return probe.parent ? this.property(probe.parent, property) : null
    if (/^(?:unset|initial|revert)$/i.test(raw)) return INHERITED.has(property) ? fromParent() : {value: 'transparent', uses: []}
    const custom = this.customProperties(probe)
    const substituted = this.substitute(raw, (name) => custom.get(name) ?? null)
    if (!substituted) return INHERITED.has(property) ? fromParent() : {value: 'transparent', uses: []}
    const value = winner.declaration.property === 'background' ? backgroundColourOf(substituted.value) : substituted.value
    if (/^currentcolor$/i.test(value)) return this.property(probe, 'color')
    const source = winner.origin === 'site' ? winner.declaration : substituted.source
    return {value, ...(source ? {source} : {}), uses: [...(winner.origin === 'site' ? [winner.declaration] : []), ...substituted.uses]}
  }
}
