/**
 * Stage 5, checking: every document against the schema types of @site/schemas, so that the job
 * never writes what the studio would reject: known `_type`s, required fields present, no unknown
 * fields, `_key` on array objects, regex rules (slugs, paths, versions), Portable Text block shape.
 */
import {schemaTypes} from '@site/schemas'

interface FieldDefinition {
  name?: string
  type: string
  fields?: FieldDefinition[]
  of?: FieldDefinition[]
  validation?: unknown
  styles?: {value: string}[]
  lists?: {value: string}[]
  marks?: {decorators?: {value: string}[]; annotations?: FieldDefinition[]}
}

const TYPES = new Map<string, FieldDefinition>((schemaTypes as unknown as FieldDefinition[]).map((type) => [type.name ?? '', type]))
const DOCUMENT_TYPES = new Set([...TYPES.values()].filter((type) => type.type === 'document').map((type) => type.name))
const SYSTEM_FIELDS = new Set(['_id', '_type', '_rev', '_createdAt', '_updatedAt', '_key'])
const STRING_TYPES = new Set(['string', 'text', 'url', 'date', 'datetime', 'slug'])
/** An email address as Sanity's email type accepts it: a name, @, a domain. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

interface RuleSummary {
  required: boolean
  patterns: RegExp[]
}

/**
 * What a field's validation function asks for, found by running it on a recording stand-in for
 * Sanity's Rule (a `required()` later downgraded with `.warning()` does not count).
 */
function summarize(validation: unknown): RuleSummary {
  const summary: RuleSummary = {required: false, patterns: []}
  if (typeof validation !== 'function') return summary
  let requiredInChain = false
  const rule: Record<string, unknown> = new Proxy(
    {},
    {
      get(_target, property) {
        return (...args: unknown[]) => {
          if (property === 'required') requiredInChain = true
          if (property === 'regex' && args[0] instanceof RegExp) summary.patterns.push(args[0])
          if (property === 'warning') requiredInChain = false
          return rule
        }
      },
    },
  )
  ;(validation as (rule: unknown) => unknown)(rule)
  summary.required = requiredInChain
  return summary
}

export function checkDocument(document: Record<string, unknown>): string[] {
  const problems: string[] = []
  const type = document._type
  if (typeof document._id !== 'string' || document._id === '') problems.push('_id is missing')
  if (typeof type !== 'string' || !DOCUMENT_TYPES.has(type)) {
    problems.push(`_type ${JSON.stringify(type)} is not a document type of the schema`)
    return problems
  }
  const definition = TYPES.get(type)
  if (definition) checkFields(definition.fields ?? [], document, '', problems)
  return problems
}

/**
 * The problems of a list of Portable Text blocks as the schema's rich text type (`richText` for a
 * body, `nestedRichText` inside admonitions, tabs and details), each named by its path under `path`.
 */
export function checkRichText(blocks: readonly unknown[], type: 'richText' | 'nestedRichText' = 'richText', path = 'body'): string[] {
  const problems: string[] = []
  checkValue({type}, blocks, path, problems)
  return problems
}

function checkFields(fields: FieldDefinition[], value: Record<string, unknown>, path: string, problems: string[]): void {
  const names = new Set(fields.map((field) => field.name))
  for (const name of Object.keys(value)) {
    if (!SYSTEM_FIELDS.has(name) && !names.has(name)) problems.push(`${path}${name}: not a field of the schema`)
  }
  for (const field of fields) checkValue(field, value[field.name ?? ''], `${path}${field.name}`, problems)
}

function checkValue(definition: FieldDefinition, value: unknown, path: string, problems: string[]): void {
  const rules = summarize(definition.validation)
  const empty = value === undefined || value === null || (Array.isArray(value) && value.length === 0) || value === ''
  if (empty) {
    if (rules.required) problems.push(`${path}: is required`)
    return
  }
  const type = definition.type
  if (type === 'email') {
    if (typeof value !== 'string' || !EMAIL.test(value)) problems.push(`${path}: expected an email address, got ${JSON.stringify(value)}`)
    return
  }
  if (STRING_TYPES.has(type)) {
    if (typeof value !== 'string') problems.push(`${path}: expected a string`)
    else for (const pattern of rules.patterns) if (!pattern.test(value)) problems.push(`${path}: "${value}" does not match ${pattern}`)
    return
  }
  if (type === 'number') {
    if (typeof value !== 'number') problems.push(`${path}: expected a number`)
    return
  }
  if (type === 'boolean') {
    if (typeof value !== 'boolean') problems.push(`${path}: expected true or false`)
    return
  }
  if (type === 'reference') {
    if (typeof value !== 'object' || typeof (value as {_ref?: unknown})._ref !== 'string') problems.push(`${path}: expected a reference`)
    return
  }
  if (type === 'image' || type === 'file') {
    const asset = value as {_type?: unknown; _sanityAsset?: unknown; asset?: unknown}
    if (asset._type !== type || (typeof asset._sanityAsset !== 'string' && !asset.asset))
      problems.push(`${path}: expected ${type === 'image' ? 'an image' : 'a file'}`)
    return
  }
  if (type === 'array') {
    checkArray(definition.of ?? [], value, path, problems)
    return
  }
  if (type === 'object') {
    if (typeof value !== 'object' || Array.isArray(value)) problems.push(`${path}: expected an object`)
    else checkFields(definition.fields ?? [], value as Record<string, unknown>, `${path}.`, problems)
    return
  }
  if (type === 'block') {
    checkBlock(definition, value, path, problems)
    return
  }
  const named = TYPES.get(type)
  if (!named) {
    problems.push(`${path}: unknown schema type ${type}`)
    return
  }
  if (named.type === 'array') {
    checkArray(named.of ?? [], value, path, problems)
    return
  }
  // A named string (a colour): the string's checks with the type's own rules.
  if (STRING_TYPES.has(named.type)) {
    checkValue(named, value, path, problems)
    return
  }
  if (typeof value !== 'object' || Array.isArray(value)) {
    problems.push(`${path}: expected a ${type} object`)
    return
  }
  const objectType = (value as {_type?: unknown})._type
  if (objectType !== undefined && objectType !== type) problems.push(`${path}: _type ${shown(objectType)} where ${type} is expected`)
  checkFields(named.fields ?? [], value as Record<string, unknown>, `${path}.`, problems)
}

function memberName(member: FieldDefinition): string {
  return member.name ?? member.type
}

function checkArray(members: FieldDefinition[], value: unknown, path: string, problems: string[]): void {
  if (!Array.isArray(value)) {
    problems.push(`${path}: expected a list`)
    return
  }
  value.forEach((item, index) => {
    const itemPath = `${path}[${index}]`
    if (typeof item !== 'object' || item === null) {
      const member = members.find((candidate) => STRING_TYPES.has(candidate.type) || candidate.type === 'number')
      if (!member || (member.type === 'number' ? typeof item !== 'number' : typeof item !== 'string')) {
        problems.push(`${itemPath}: a ${typeof item} is not allowed here`)
      }
      return
    }
    const record = item as Record<string, unknown>
    if (typeof record._key !== 'string' || record._key === '') problems.push(`${itemPath}: _key is missing`)
    const member = members.find((candidate) => memberName(candidate) === record._type)
    if (!member) {
      problems.push(`${itemPath}: _type ${JSON.stringify(record._type)} is not allowed here (${members.map(memberName).join(', ')})`)
      return
    }
    if (member.type === 'object') checkFields(member.fields ?? [], record, `${itemPath}.`, problems)
    else checkValue(member, record, itemPath, problems)
  })
}

function checkBlock(definition: FieldDefinition, value: unknown, path: string, problems: string[]): void {
  const block = value as {style?: unknown; listItem?: unknown; level?: unknown; markDefs?: unknown; children?: unknown}
  const styles = new Set((definition.styles ?? []).map((style) => style.value))
  const lists = new Set((definition.lists ?? []).map((list) => list.value))
  const decorators = new Set((definition.marks?.decorators ?? []).map((decorator) => decorator.value))
  if (typeof block.style !== 'string' || !styles.has(block.style)) problems.push(`${path}.style: ${String(block.style)} is not a style of the schema`)
  if (block.listItem !== undefined && (typeof block.listItem !== 'string' || !lists.has(block.listItem))) {
    problems.push(`${path}.listItem: ${shown(block.listItem)} is not a list type of the schema`)
  }
  const annotations = definition.marks?.annotations ?? []
  const markKeys = new Set<string>()
  for (const [index, def] of (Array.isArray(block.markDefs) ? block.markDefs : []).entries()) {
    const mark = def as {_key?: unknown; _type?: unknown}
    const annotation = annotations.find((candidate) => memberName(candidate) === mark._type)
    if (!annotation || typeof mark._key !== 'string') {
      problems.push(`${path}.markDefs[${index}]: expected an annotation of the schema (${annotations.map(memberName).join(', ')}) with a _key`)
      continue
    }
    checkFields(annotation.fields ?? [], def as Record<string, unknown>, `${path}.markDefs[${index}].`, problems)
    markKeys.add(mark._key)
  }
  if (!Array.isArray(block.children) || block.children.length === 0) {
    problems.push(`${path}.children: a block needs spans`)
    return
  }
  const inlineTypes = definition.of ?? []
  for (const [index, child] of (block.children as {_type?: unknown; _key?: unknown; text?: unknown; marks?: unknown}[]).entries()) {
    if (child._type !== 'span') {
      const inline = inlineTypes.find((candidate) => memberName(candidate) === child._type)
      if (!inline || typeof child._key !== 'string') problems.push(`${path}.children[${index}]: expected a keyed span or an inline object of the schema`)
      else checkValue(inline, child, `${path}.children[${index}]`, problems)
      continue
    }
    if (typeof child.text !== 'string' || typeof child._key !== 'string') problems.push(`${path}.children: expected keyed spans`)
    const marks: unknown[] = Array.isArray(child.marks) ? child.marks : []
    for (const mark of marks) {
      if (typeof mark !== 'string' || (!decorators.has(mark) && !markKeys.has(mark)))
        problems.push(`${path}.children: mark ${String(mark)} is neither a decorator nor an annotation`)
    }
  }
}

/** A value as a problem names it: a string as it is, anything else as JSON (never "[object Object]"). */
function shown(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value))
}
