/**
 * The local dataset with indexes, answering the site's GROQ queries with groq-js without scanning
 * every document for each filter: a page's query then costs the same whatever the size of the site.
 *
 * Each query is parsed once and rewritten once into an equivalent tree:
 * - a filter over all documents (`*[...]`) whose conditions include `attr == <constant>` or
 *   `attr in [<constants>]` reads only the documents an index gives for those values (by _id, by
 *   _type, by _type and any attribute: version, language, slug...), in dataset order; the whole
 *   condition is still applied to them, so the result is the same;
 * - a correlated lookup, `*[_type == "doc" && slug == ^.slug && language == $locale][0]` inside a
 *   projection, becomes a hash lookup by the outer row's values (through groq-js's `dereference`
 *   hook), guarded so that any value the lookup cannot key (not a string) takes the original path;
 * - references (`->`) resolve through an _id map instead of a scan.
 * Queries are evaluated synchronously when groq-js can (no promise per node), else asynchronously.
 */
import {evaluate, evaluateSync, parse, type ExprNode} from 'groq-js'
import type {DatasetDocument} from './local-dataset'

export type QueryParameters = Record<string, unknown>

type Primitive = string | number | boolean
/** A node of groq-js's syntax tree, read and built generically (its own node types, and new nodes of the same shapes). */
type Node = {type: string} & Record<string, unknown>
/** What `dereference` gives groq-js: a document, or a level of a lookup ({next: token}). */
type Referenced = {_id?: string; _type?: string; [key: string]: unknown}

/** A condition of a filter that an index can answer: `attr == value` or `attr in values`. */
interface IndexableCondition {
  attribute: string
  /** The constant side: a literal or a parameter, or a literal/parameter array for `in`. */
  values: (params: QueryParameters) => readonly unknown[] | null
}

/** `attr == ^.path` in a filter: the outer row's value, as an expression evaluated at the filter's place. */
interface CorrelatedCondition {
  attribute: string
  outer: Node
}

interface CandidateSlot {
  parameter: string
  conditions: IndexableCondition[]
}

interface LookupSlot {
  parameter: string
  conditions: IndexableCondition[]
  correlated: CorrelatedCondition[]
}

function fromExprNode(node: ExprNode): Node {
  return {...node}
}

/** The rewritten tree holds groq-js's nodes and nodes built with the same shapes (Select, Deref, Object, FuncCall, Parameter). */
function toExprNode(node: Node): ExprNode {
  return node as unknown as ExprNode
}

interface QueryPlan {
  tree: ExprNode
  candidates: CandidateSlot[]
  lookups: LookupSlot[]
  /** False once groq-js said it cannot evaluate this tree synchronously. */
  sync: boolean
}

const PARAMETER_PREFIX = '__index'
/** Lookup tokens start with a NUL character, which no document id has. */
// eslint-disable-next-line no-control-regex -- the NUL character is the marker, chosen because no document id has it
const TOKEN = /^\u0000lookup(\d+)\u0000/

function isPrimitive(value: unknown): value is Primitive {
  return typeof value === 'string' || (typeof value === 'number' && !Number.isNaN(value)) || typeof value === 'boolean'
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && 'type' in value && typeof value.type === 'string'
}

/** A child node (`base`, `left`, `expr`...), or a node standing for its absence. */
function child(node: Node, key: string): Node {
  const value = node[key]
  return isNode(value) ? value : ABSENT
}

const ABSENT: Node = {type: 'Absent'}

/** The conditions of an `a && b && c` expression. */
function conjuncts(node: Node): Node[] {
  if (node.type === 'And') return [...conjuncts(child(node, 'left')), ...conjuncts(child(node, 'right'))]
  if (node.type === 'Group') return conjuncts(child(node, 'base'))
  return [node]
}

/** `attr` of the filtered document itself (`attr`, `@.attr`), or null. */
function ownAttribute(node: Node): string | null {
  if (node.type !== 'AccessAttribute' || typeof node.name !== 'string') return null
  const base = child(node, 'base')
  return base === ABSENT || base.type === 'This' ? node.name : null
}

/** A literal or a parameter: known before evaluation. */
function constantValue(node: Node): ((params: QueryParameters) => unknown) | null {
  if (node.type === 'Value') return () => node.value
  if (node.type === 'Parameter') return (params) => params[String(node.name)]
  return null
}

function indexableCondition(node: Node): IndexableCondition | null {
  if (node.type !== 'OpCall') return null
  const left = child(node, 'left')
  const right = child(node, 'right')
  if (node.op === '==') {
    for (const [side, other] of [
      [left, right],
      [right, left],
    ] as const) {
      const attribute = ownAttribute(side)
      const value = constantValue(other)
      if (attribute && value) return {attribute, values: (params) => [value(params)]}
    }
    return null
  }
  if (node.op === 'in') {
    const attribute = ownAttribute(left)
    if (!attribute) return null
    if (right.type === 'Parameter') {
      return {
        attribute,
        values: (params) => {
          const value = params[String(right.name)]
          return Array.isArray(value) ? value : null
        },
      }
    }
    if (right.type === 'Array') {
      const elements = Array.isArray(right.elements) ? right.elements.filter(isNode) : []
      const values = elements.map((element) => (element.isSplat || !isNode(element.value) ? null : constantValue(element.value)))
      if (values.some((value) => value === null)) return null
      return {attribute, values: (params) => values.map((value) => value?.(params))}
    }
  }
  return null
}

/**
 * `^.a.b` (any depth of ^) seen from the scope the filter runs in: inside the filter, ^ starts from
 * the element's scope, whose parent is that scope (not hidden, see visit), so one ^ fewer; null for
 * anything else.
 */
function rerooted(node: Node): Node | null {
  if (node.type !== 'AccessAttribute') return null
  const base = child(node, 'base')
  if (base.type === 'Parent' && typeof base.n === 'number') return {...node, base: base.n === 1 ? {type: 'This'} : {type: 'Parent', n: base.n - 1}}
  const inner = base === ABSENT ? null : rerooted(base)
  return inner ? {...node, base: inner} : null
}

function correlatedCondition(node: Node): CorrelatedCondition | null {
  if (node.type !== 'OpCall' || node.op !== '==') return null
  for (const [side, other] of [
    [child(node, 'left'), child(node, 'right')],
    [child(node, 'right'), child(node, 'left')],
  ] as const) {
    const attribute = ownAttribute(side)
    const outer = attribute ? rerooted(other) : null
    if (attribute && outer) return {attribute, outer}
  }
  return null
}

// Functions whose arguments groq-js evaluates in the caller's scope (a rewrite below them is safe).
const SAME_SCOPE_FUNCTIONS = new Set(['coalesce', 'defined', 'count', 'length', 'string', 'lower', 'upper', 'references', 'round'])

/** Whether the scope a child is evaluated in is hidden (true/false) or not known (null). */
function childScope(parent: Node, key: string, hidden: boolean | null): boolean | null {
  switch (parent.type) {
    case 'Map':
    case 'FlatMap':
      return key === 'expr' ? true : hidden
    case 'Filter':
    case 'Projection':
      return key === 'expr' ? false : hidden
    case 'PipeFuncCall':
      return key === 'base' ? hidden : null
    case 'FuncCall':
      return parent.namespace === 'global' && SAME_SCOPE_FUNCTIONS.has(String(parent.name)) ? hidden : null
    case 'OpCall':
    case 'And':
    case 'Or':
    case 'Not':
    case 'Neg':
    case 'Pos':
    case 'Group':
    case 'AccessAttribute':
    case 'AccessElement':
    case 'Slice':
    case 'Deref':
    case 'ArrayCoerce':
    case 'Object':
    case 'ObjectAttributeValue':
    case 'ObjectConditionalSplat':
    case 'ObjectSplat':
    case 'Array':
    case 'ArrayElement':
    case 'Select':
    case 'SelectAlternative':
    case 'InRange':
      return hidden
    default:
      return null
  }
}

function and(left: Node, right: Node): Node {
  return {type: 'And', left, right}
}

/** True for a string value: `defined(x) && x + "" == x` (a number plus "" is null, null is not defined). */
function isStringGuard(value: Node): Node {
  return and(defined(value), {type: 'OpCall', op: '==', left: {type: 'OpCall', op: '+', left: value, right: {type: 'Value', value: ''}}, right: value})
}

function defined(value: Node): Node {
  return {type: 'FuncCall', namespace: 'global', name: 'defined', args: [value]}
}

function dereferenceOf(reference: Node): Node {
  return {type: 'Deref', base: {type: 'Object', attributes: [{type: 'ObjectAttributeValue', name: '_ref', value: reference}]}}
}

function planQuery(query: string): QueryPlan {
  const candidates: CandidateSlot[] = []
  const lookups: LookupSlot[] = []

  const narrowed = (filter: Node): Node => {
    const conditions = conjuncts(child(filter, 'expr')).flatMap((node) => indexableCondition(node) ?? [])
    if (conditions.length === 0) return filter
    const parameter = `${PARAMETER_PREFIX}_candidates_${candidates.length}`
    candidates.push({parameter, conditions})
    return {...filter, base: {type: 'Parameter', name: parameter}}
  }

  const visit = (node: Node, hidden: boolean | null): Node => {
    if (node === ABSENT) return node
    // `*[conditions][0]`, correlated with the outer row by equalities only: a hash lookup. Only in a
    // scope known not to be hidden (a projection's, the query's), where ^ inside means @ outside.
    if (node.type === 'AccessElement' && node.index === 0 && hidden === false) {
      const filter = child(node, 'base')
      if (filter.type === 'Filter' && child(filter, 'base').type === 'Everything') {
        const parts = conjuncts(child(filter, 'expr'))
        const conditions: IndexableCondition[] = []
        const correlated: CorrelatedCondition[] = []
        let other = false
        for (const part of parts) {
          const indexable = indexableCondition(part)
          const outer = indexable ? null : correlatedCondition(part)
          if (indexable) conditions.push(indexable)
          else if (outer) correlated.push(outer)
          else other = true
        }
        if (!other && correlated.length > 0) {
          const parameter = `${PARAMETER_PREFIX}_lookup_${lookups.length}`
          lookups.push({parameter, conditions, correlated})
          let chain: Node | null = null
          for (const condition of correlated) {
            const prefix: Node = chain === null ? {type: 'Parameter', name: parameter} : {type: 'AccessAttribute', base: chain, name: 'next'}
            chain = dereferenceOf({type: 'OpCall', op: '+', left: prefix, right: condition.outer})
          }
          // The lookup holds string values only; anything else (and constants it could not index) takes the original path.
          const guard = correlated.map((condition) => isStringGuard(condition.outer)).reduce(and, defined({type: 'Parameter', name: parameter}))
          const fallback: Node = {...node, base: narrowed({...filter, expr: visit(child(filter, 'expr'), false)})}
          return {type: 'Select', alternatives: [{type: 'SelectAlternative', condition: guard, value: chain}], fallback}
        }
      }
    }
    const copy: Record<string, unknown> = {...node}
    for (const [key, value] of Object.entries(node)) {
      if (isNode(value)) copy[key] = visit(value, childScope(node, key, hidden))
      else if (Array.isArray(value)) copy[key] = value.map((item: unknown) => (isNode(item) ? visit(item, childScope(node, key, hidden)) : item))
    }
    const rewritten: Node = {...copy, type: node.type}
    if (rewritten.type === 'Filter' && child(rewritten, 'base').type === 'Everything') return narrowed(rewritten)
    return rewritten
  }

  return {tree: toExprNode(visit(fromExprNode(parse(query)), false)), candidates, lookups, sync: true}
}

const UNSUPPORTED_SYNC = /not supported|in evaluteSync|in evaluateSync|synchronous mode/

export class IndexedDataset {
  readonly documents: readonly DatasetDocument[]
  /** Every document of an id, in dataset order (ids are unique in a sound dataset; a scan would find the first). */
  private readonly byId = new Map<string, DatasetDocument[]>()
  private readonly position = new Map<DatasetDocument, number>()
  private readonly byType = new Map<string, DatasetDocument[]>()
  /** `type\u0000attribute` (type `*` for all documents) → value → documents, in dataset order; built on first use. */
  private readonly attributeIndexes = new Map<string, Map<Primitive, DatasetDocument[]>>()
  private readonly plans = new Map<string, QueryPlan>()
  /** Lookups already built, by their conditions and constants: the token of their first level. */
  private readonly lookupTokens = new Map<string, string | null>()
  private readonly lookupLevels: Array<Map<string, Referenced>> = []

  constructor(documents: readonly DatasetDocument[]) {
    this.documents = documents
    documents.forEach((document, index) => {
      this.position.set(document, index)
      if (typeof document._id === 'string') append(this.byId, document._id, document)
      if (typeof document._type === 'string') append(this.byType, document._type, document)
    })
  }

  /** Evaluates a GROQ query with its parameters; the same result as groq-js over the whole dataset (untyped, like groq-js's). */
  async query(query: string, params: QueryParameters) {
    let plan = this.plans.get(query)
    if (!plan) {
      plan = planQuery(query)
      this.plans.set(query, plan)
    }
    const bound: QueryParameters = {...params}
    for (const slot of plan.candidates) bound[slot.parameter] = this.candidates(slot.conditions, params) ?? this.documents
    for (const slot of plan.lookups) bound[slot.parameter] = this.lookupToken(slot, params)
    const options = {dataset: this.documents, params: bound, dereference: (reference: {_ref: string}) => this.dereference(reference._ref)}
    if (plan.sync) {
      try {
        return evaluateSync(plan.tree, options).data
      } catch (error) {
        if (!(error instanceof Error && UNSUPPORTED_SYNC.test(error.message))) throw error
        plan.sync = false
      }
    }
    // eslint-disable-next-line @typescript-eslint/no-unsafe-return -- groq-js gives untyped results; the transport types each by its query's TypeGen result, as @sanity/client does
    return (await evaluate(plan.tree, options)).get()
  }

  private dereference(id: string): Referenced | null {
    const token = TOKEN.exec(id)
    if (!token) return this.byId.get(id)?.[0] ?? null
    return this.lookupLevels[Number(token[1])]?.get(id.slice(token[0].length)) ?? null
  }

  /**
   * The documents that may satisfy the conditions, in dataset order; null when no condition has
   * values an index can use (then every document is a candidate).
   */
  private candidates(conditions: readonly IndexableCondition[], params: QueryParameters): DatasetDocument[] | null {
    const usable: Array<{attribute: string; values: Primitive[]}> = []
    for (const condition of conditions) {
      const values = condition.values(params)
      // null, objects and arrays compare in ways an index of primitives does not hold: leave them to groq-js.
      if (values && values.every(isPrimitive)) usable.push({attribute: condition.attribute, values: [...new Set(values)]})
    }
    if (usable.length === 0) return null
    const id = usable.find((condition) => condition.attribute === '_id')
    const type = usable.find((condition) => condition.attribute === '_type' && condition.values.every((value) => typeof value === 'string'))
    let lists: DatasetDocument[][]
    if (id) {
      lists = id.values.map((value) => (typeof value === 'string' ? (this.byId.get(value) ?? []) : []))
    } else if (type) {
      const other = usable.find((condition) => condition !== type)
      lists = type.values.flatMap((typeName) => {
        if (!other) return [this.byType.get(String(typeName)) ?? []]
        const index = this.attributeIndex(String(typeName), other.attribute)
        return other.values.map((value) => index.get(value) ?? [])
      })
    } else {
      const [first] = usable
      const index = this.attributeIndex('*', first?.attribute ?? '_id')
      lists = (first?.values ?? []).map((value) => index.get(value) ?? [])
    }
    let result = lists.length === 1 ? (lists[0] ?? []) : [...new Set(lists.flat())].sort((a, b) => (this.position.get(a) ?? 0) - (this.position.get(b) ?? 0))
    // Every condition is checked here too, so that groq-js gets as few documents as possible.
    if (usable.length > 1 || id)
      result = result.filter((document) =>
        usable.every((condition) => condition.values.some((value) => Object.hasOwn(document, condition.attribute) && document[condition.attribute] === value)),
      )
    return result
  }

  private attributeIndex(type: string, attribute: string): Map<Primitive, DatasetDocument[]> {
    const key = `${type}\u0000${attribute}`
    let index = this.attributeIndexes.get(key)
    if (!index) {
      index = new Map()
      for (const document of type === '*' ? this.documents : (this.byType.get(type) ?? [])) {
        const value = Object.hasOwn(document, attribute) ? document[attribute] : undefined
        if (isPrimitive(value)) append(index, value, document)
      }
      this.attributeIndexes.set(key, index)
    }
    return index
  }

  /**
   * The token of a correlated lookup with these constants, built once: nested maps from the outer
   * row's values (one level per correlated condition) to the first matching document. Null when a
   * constant is one an index cannot hold (null, an object): then the query takes its original path.
   */
  private lookupToken(slot: LookupSlot, params: QueryParameters): string | null {
    const constants = slot.conditions.map((condition) => condition.values(params))
    const key = JSON.stringify([slot.conditions.map((condition) => condition.attribute), slot.correlated.map((condition) => condition.attribute), constants])
    if (this.lookupTokens.has(key)) return this.lookupTokens.get(key) ?? null
    let token: string | null = null
    if (constants.every((values) => values && values.every(isPrimitive))) {
      const levels = new Map<Map<string, Referenced>, Map<string, Map<string, Referenced>>>()
      const newLevel = () => {
        const level = new Map<string, Referenced>()
        this.lookupLevels.push(level)
        levels.set(level, new Map())
        return {level, token: `\u0000lookup${this.lookupLevels.length - 1}\u0000`}
      }
      const root = newLevel()
      token = root.token
      for (const document of this.candidates(slot.conditions, params) ?? this.documents) {
        const values = slot.correlated.map((condition) => (Object.hasOwn(document, condition.attribute) ? document[condition.attribute] : undefined))
        // The outer values are strings (the guard); a document whose value is not a string never equals one.
        if (!values.every((value): value is string => typeof value === 'string')) continue
        let level = root.level
        for (const [index, value] of values.entries()) {
          if (index === values.length - 1) {
            // The first match in dataset order, as `*[...][0]` gives.
            if (!level.has(value)) level.set(value, document)
            break
          }
          const inner = levels.get(level)?.get(value)
          if (inner) {
            level = inner
            continue
          }
          const created = newLevel()
          level.set(value, {next: created.token})
          levels.get(level)?.set(value, created.level)
          level = created.level
        }
      }
    }
    this.lookupTokens.set(key, token)
    return token
  }
}

function append<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}
