/**
 * CSS selectors of a site's stylesheet, read into parts, matched against the few elements whose look
 * the theme takes from Docusaurus (the root, the navbar, the footer, a link, a primary button), and
 * weighed by specificity as a browser does, so that the winning declaration is the browser's.
 */

export type SimpleSelector =
  | {kind: 'type'; name: string}
  | {kind: 'class'; name: string}
  | {kind: 'id'; name: string}
  | {kind: 'attribute'; name: string; operator?: string; value?: string}
  | {kind: 'pseudo-class'; name: string; list?: ComplexSelector[]; argument?: string}
  | {kind: 'pseudo-element'; name: string}

export interface Compound {
  parts: SimpleSelector[]
}

/** Compounds from left to right, with the combinator before each one but the first (' ', '>', '+', '~'). */
export interface ComplexSelector {
  compounds: Compound[]
  combinators: string[]
  /** The selector as written, trimmed. */
  text: string
}

/** Pseudo-classes whose argument is a selector list. */
const LIST_PSEUDO_CLASSES = new Set(['is', 'where', 'not', 'has', 'matches', 'any', '-webkit-any', '-moz-any'])

class Reader {
  at = 0
  constructor(readonly text: string) {}
  peek(offset = 0): string {
    return this.text[this.at + offset] ?? ''
  }
  done(): boolean {
    return this.at >= this.text.length
  }
  skipSpace(): boolean {
    const start = this.at
    while (/\s/.test(this.peek())) this.at++
    return this.at > start
  }
  identifier(): string | null {
    let name = ''
    while (!this.done()) {
      const char = this.peek()
      if (char === '\\') {
        name += this.peek(1)
        this.at += 2
      } else if (/[\w-]/.test(char) || char.charCodeAt(0) > 0x7f) {
        name += char
        this.at++
      } else break
    }
    return name === '' ? null : name
  }
  /** Text up to the bracket that closes the one just read, brackets and quotes nested. */
  balanced(close: string): string | null {
    const open = close === ')' ? '(' : '['
    let depth = 1
    let quote = ''
    const start = this.at
    while (!this.done()) {
      const char = this.peek()
      this.at++
      if (quote) {
        if (char === '\\') this.at++
        else if (char === quote) quote = ''
      } else if (char === '"' || char === "'") quote = char
      else if (char === open) depth++
      else if (char === close && --depth === 0) return this.text.slice(start, this.at - 1)
    }
    return null
  }
}

function parseAttribute(inner: string): SimpleSelector | null {
  const match = /^\s*([\w-]+)\s*(?:([~|^$*]?=)\s*(?:"([^"]*)"|'([^']*)'|([^\s"'\]]+))\s*(?:[is])?\s*)?$/.exec(inner)
  if (!match) return null
  const [, name = '', operator, double, single, bare] = match
  return operator ? {kind: 'attribute', name, operator, value: double ?? single ?? bare ?? ''} : {kind: 'attribute', name}
}

function parseCompound(reader: Reader): Compound | null {
  const parts: SimpleSelector[] = []
  for (;;) {
    const char = reader.peek()
    if (char === '*') {
      reader.at++
      parts.push({kind: 'type', name: '*'})
    } else if (char === '.' || char === '#') {
      reader.at++
      const name = reader.identifier()
      if (!name) return null
      parts.push(char === '.' ? {kind: 'class', name} : {kind: 'id', name})
    } else if (char === '[') {
      reader.at++
      const inner = reader.balanced(']')
      const attribute = inner === null ? null : parseAttribute(inner)
      if (!attribute) return null
      parts.push(attribute)
    } else if (char === ':') {
      reader.at++
      const element = reader.peek() === ':'
      if (element) reader.at++
      const name = reader.identifier()?.toLowerCase()
      if (!name) return null
      // The four pseudo-elements CSS 2 wrote with one colon.
      if (element || ['before', 'after', 'first-line', 'first-letter'].includes(name)) {
        parts.push({kind: 'pseudo-element', name})
        if (reader.peek() === '(') {
          reader.at++
          if (reader.balanced(')') === null) return null
        }
      } else if (reader.peek() === '(') {
        reader.at++
        const argument = reader.balanced(')')
        if (argument === null) return null
        if (LIST_PSEUDO_CLASSES.has(name)) {
          const list = parseSelectorList(argument)
          if (!list) return null
          parts.push({kind: 'pseudo-class', name, list})
        } else parts.push({kind: 'pseudo-class', name, argument: argument.trim()})
      } else parts.push({kind: 'pseudo-class', name})
    } else if (/[\w-]/.test(char) || char === '\\') {
      if (parts.length > 0) return null
      const name = reader.identifier()
      if (!name) return null
      parts.push({kind: 'type', name: name.toLowerCase()})
    } else break
  }
  return parts.length > 0 ? {parts} : null
}

function parseComplex(text: string): ComplexSelector | null {
  const reader = new Reader(text.trim())
  const compounds: Compound[] = []
  const combinators: string[] = []
  while (!reader.done()) {
    const compound = parseCompound(reader)
    if (!compound) return null
    compounds.push(compound)
    const spaced = reader.skipSpace()
    if (reader.done()) break
    const char = reader.peek()
    if (char === '>' || char === '+' || char === '~') {
      reader.at++
      reader.skipSpace()
      combinators.push(char)
    } else if (spaced) combinators.push(' ')
    else return null
  }
  return compounds.length > 0 && combinators.length === compounds.length - 1 ? {compounds, combinators, text: text.trim()} : null
}

/** Splits on the commas of the top level (not those in brackets or quotes). */
export function splitSelectorList(text: string): string[] {
  const parts: string[] = []
  let depth = 0
  let quote = ''
  let start = 0
  for (let at = 0; at < text.length; at++) {
    const char = text[at]
    if (quote) {
      if (char === '\\') at++
      else if (char === quote) quote = ''
    } else if (char === '"' || char === "'") quote = char
    else if (char === '(' || char === '[') depth++
    else if (char === ')' || char === ']') depth--
    else if (char === ',' && depth === 0) {
      parts.push(text.slice(start, at))
      start = at + 1
    }
  }
  parts.push(text.slice(start))
  return parts.map((part) => part.trim()).filter(Boolean)
}

/** A selector list read into complex selectors; null when any of them is not one this reads. */
export function parseSelectorList(text: string): ComplexSelector[] | null {
  const list: ComplexSelector[] = []
  for (const part of splitSelectorList(text)) {
    const complex = parseComplex(part)
    if (!complex) return null
    list.push(complex)
  }
  return list
}

/** [ids, classes-attributes-pseudo-classes, elements] */
export type Specificity = readonly [number, number, number]

const add = (a: Specificity, b: Specificity): Specificity => [a[0] + b[0], a[1] + b[1], a[2] + b[2]]

export function compareSpecificity(a: Specificity, b: Specificity): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2]
}

function maxSpecificity(list: readonly ComplexSelector[]): Specificity {
  return list.map(specificity).reduce<Specificity>((best, next) => (compareSpecificity(next, best) > 0 ? next : best), [0, 0, 0])
}

export function specificity(selector: ComplexSelector): Specificity {
  let total: Specificity = [0, 0, 0]
  for (const compound of selector.compounds) {
    for (const part of compound.parts) {
      if (part.kind === 'id') total = add(total, [1, 0, 0])
      else if (part.kind === 'class' || part.kind === 'attribute') total = add(total, [0, 1, 0])
      else if (part.kind === 'type') total = part.name === '*' ? total : add(total, [0, 0, 1])
      else if (part.kind === 'pseudo-element') total = add(total, [0, 0, 1])
      else if (part.name === 'where') continue
      else if (part.list) total = add(total, maxSpecificity(part.list))
      else total = add(total, [0, 1, 0])
    }
  }
  return total
}

/** An element of the page the theme reads styles of: tag, classes, attributes, parent. */
export interface Probe {
  tag: string
  classes: readonly string[]
  attributes?: Readonly<Record<string, string>>
  parent?: Probe
}

function matchesAttribute(part: Extract<SimpleSelector, {kind: 'attribute'}>, probe: Probe): boolean {
  const actual = probe.attributes?.[part.name]
  if (actual === undefined) return false
  const wanted = part.value ?? ''
  switch (part.operator) {
    case undefined:
      return true
    case '=':
      return actual === wanted
    case '~=':
      return actual.split(/\s+/).includes(wanted)
    case '|=':
      return actual === wanted || actual.startsWith(`${wanted}-`)
    case '^=':
      return wanted !== '' && actual.startsWith(wanted)
    case '$=':
      return wanted !== '' && actual.endsWith(wanted)
    case '*=':
      return wanted !== '' && actual.includes(wanted)
    default:
      return false
  }
}

function matchesCompound(compound: Compound, probe: Probe): boolean {
  return compound.parts.every((part) => {
    switch (part.kind) {
      case 'type':
        return part.name === '*' || part.name === probe.tag
      case 'class':
        return probe.classes.includes(part.name)
      case 'id':
        return probe.attributes?.id === part.name
      case 'attribute':
        return matchesAttribute(part, probe)
      case 'pseudo-element':
        // The probes are elements; a rule of their ::before paints something else.
        return false
      case 'pseudo-class':
        if (part.name === 'root') return probe.parent === undefined
        if (part.name === 'link' || part.name === 'any-link') return probe.tag === 'a'
        if (part.name === 'not') return !(part.list ?? []).some((inner) => matches(inner, probe))
        if (part.list && part.name !== 'has') return part.list.some((inner) => matches(inner, probe))
        // States (:hover, :focus) and structure (:first-child) are not the element at rest.
        return false
    }
  })
}

/** Whether a complex selector matches a probe (descendant and child combinators; siblings never match). */
export function matches(selector: ComplexSelector, probe: Probe): boolean {
  const last = selector.compounds.length - 1
  const from = (index: number, element: Probe | undefined): boolean => {
    if (!element) return false
    const compound = selector.compounds[index]
    if (!compound || !matchesCompound(compound, element)) return false
    if (index === 0) return true
    const combinator = selector.combinators[index - 1]
    if (combinator === '>') return from(index - 1, element.parent)
    if (combinator === ' ') {
      for (let ancestor = element.parent; ancestor; ancestor = ancestor.parent) if (from(index - 1, ancestor)) return true
      return false
    }
    return false
  }
  return from(last, probe)
}
