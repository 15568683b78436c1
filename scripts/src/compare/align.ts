/**
 * Aligns the blocks of a Docusaurus page with this site's (a longest common subsequence of their
 * keys, so that one extra or missing block does not shift every match after it) and scores the page:
 * matched blocks over the blocks of both sides, 2·matched / (Docusaurus's + ours). A block here that
 * Docusaurus does not have lowers the score as much as one missing here.
 */
import {BLOCK_KINDS, breakContexts, type Block, type BlockKind} from './blocks'

export interface Alignment {
  /** Index pairs [Docusaurus's block, ours] of the matched blocks, in order. */
  pairs: Array<[number, number]>
  /** Blocks of Docusaurus with no match here, by index. */
  missing: number[]
  /** Blocks here with no match in Docusaurus, by index. */
  extra: number[]
  /** True when the pages were too long for the exact alignment and blocks were matched by count. */
  approximate: boolean
}

/** Above this many cells (blocks × blocks after the common ends are taken off), blocks are matched by count. */
const EXACT_LIMIT = 16_000_000

export function alignBlocks(reference: readonly Block[], ours: readonly Block[]): Alignment {
  const a = reference.map((block) => block.key)
  const b = ours.map((block) => block.key)
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let endA = a.length
  let endB = b.length
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--
    endB--
  }
  const pairs: Array<[number, number]> = []
  for (let i = 0; i < start; i++) pairs.push([i, i])
  const n = endA - start
  const m = endB - start
  let approximate = false
  if (n > 0 && m > 0) {
    if (n * m <= EXACT_LIMIT) pairs.push(...lcs(a, b, start, endA, start, endB))
    else {
      approximate = true
      pairs.push(...matchByCount(a, b, start, endA, start, endB))
    }
  }
  for (let k = 0; k < a.length - endA; k++) pairs.push([endA + k, endB + k])
  const matchedA = new Set(pairs.map(([i]) => i))
  const matchedB = new Set(pairs.map(([, j]) => j))
  return {
    pairs,
    missing: a.flatMap((_, i) => (matchedA.has(i) ? [] : [i])),
    extra: b.flatMap((_, j) => (matchedB.has(j) ? [] : [j])),
    approximate,
  }
}

/** The classic dynamic programme over the middle parts, keys interned to numbers. */
function lcs(a: readonly string[], b: readonly string[], a0: number, a1: number, b0: number, b1: number): Array<[number, number]> {
  const ids = new Map<string, number>()
  const id = (key: string) => {
    let value = ids.get(key)
    if (value === undefined) {
      value = ids.size
      ids.set(key, value)
    }
    return value
  }
  const x = Int32Array.from(a.slice(a0, a1), id)
  const y = Int32Array.from(b.slice(b0, b1), id)
  const n = x.length
  const m = y.length
  const width = m + 1
  // Lengths of the common subsequence of x[i..] and y[j..].
  const table = new Uint32Array((n + 1) * width)
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i * width + j] =
        x[i] === y[j] ? (table[(i + 1) * width + j + 1] ?? 0) + 1 : Math.max(table[(i + 1) * width + j] ?? 0, table[i * width + j + 1] ?? 0)
    }
  }
  const pairs: Array<[number, number]> = []
  let i = 0
  let j = 0
  while (i < n && j < m) {
    if (x[i] === y[j]) {
      pairs.push([a0 + i, b0 + j])
      i++
      j++
    } else if ((table[(i + 1) * width + j] ?? 0) >= (table[i * width + j + 1] ?? 0)) i++
    else j++
  }
  return pairs
}

/** For very long pages: each key matched as often as both sides have it, in order of appearance (no crossing check). */
function matchByCount(a: readonly string[], b: readonly string[], a0: number, a1: number, b0: number, b1: number): Array<[number, number]> {
  const positions = new Map<string, number[]>()
  for (let j = b0; j < b1; j++) {
    const key = b[j] as string
    const list = positions.get(key)
    if (list) list.push(j)
    else positions.set(key, [j])
  }
  const pairs: Array<[number, number]> = []
  for (let i = a0; i < a1; i++) {
    const list = positions.get(a[i] as string)
    const j = list?.shift()
    if (j !== undefined) pairs.push([i, j])
  }
  return pairs
}

export interface KindFigures {
  docusaurus: number
  ours: number
  matched: number
}

export interface StructureFigures {
  docusaurus: number
  ours: number
  matched: number
  /** 2·matched / (docusaurus + ours); 1 for two pages without blocks. */
  score: number
  approximate: boolean
  byKind: Partial<Record<BlockKind, KindFigures>>
  /** Blocks missing here and blocks only here, described (the first ones). */
  missing: string[]
  extra: string[]
  /** Code blocks here that show MDX/JSX source Docusaurus rendered (no code block of Docusaurus has that text). */
  rawSource: string[]
  /** Hard line breaks inside text blocks, each side, and those of one side at a place where the other has none. */
  lineBreaks: {docusaurus: number; ours: number; extra: number; missing: number; extraAt: string[]}
}

const LISTED = 12

export function describeBlock(block: Block): string {
  return `${block.kind}: ${block.label}`
}

/** Multiset difference a − b, keeping order. */
function minus(a: readonly string[], b: readonly string[]): string[] {
  const left = new Map<string, number>()
  for (const item of b) left.set(item, (left.get(item) ?? 0) + 1)
  return a.filter((item) => {
    const count = left.get(item) ?? 0
    if (count === 0) return true
    left.set(item, count - 1)
    return false
  })
}

/** A code block's letters (its key holds its text without whitespace): what is left when line numbers and spacing differ. */
function codeLetters(block: Block): string {
  return block.key
    .split('|')
    .slice(3)
    .join('|')
    .replace(/[^\p{L}]/gu, '')
}

/**
 * Whether Docusaurus has, between the same matched blocks, a code block this site did not match whose
 * letters hold the start of this one's: the same code, decorated otherwise.
 */
function sameCodeAtPlace(alignment: Alignment, reference: readonly Block[], block: Block, j: number): boolean {
  let low = -1
  let high = reference.length
  for (const [i, matched] of alignment.pairs) {
    if (matched < j && i > low) low = i
    if (matched > j && i < high) high = i
  }
  const start = codeLetters(block).slice(0, 40)
  if (start === '') return false
  return alignment.missing.some((i) => i > low && i < high && reference[i]?.kind === 'code' && codeLetters(reference[i]).includes(start))
}

export function structureOf(reference: readonly Block[], ours: readonly Block[]): StructureFigures {
  const alignment = alignBlocks(reference, ours)
  const byKind: Partial<Record<BlockKind, KindFigures>> = {}
  const kind = (name: BlockKind) => (byKind[name] ??= {docusaurus: 0, ours: 0, matched: 0})
  for (const block of reference) kind(block.kind).docusaurus++
  for (const block of ours) kind(block.kind).ours++
  for (const [i] of alignment.pairs) {
    const block = reference[i]
    if (block) kind(block.kind).matched++
  }
  // Source shown as code or as text here and not in Docusaurus's page (a page that documents MDX shows some on purpose, on both sides),
  // nor a code block that Docusaurus shows at the same place with other decorations (a site's code block with line numbers and notes).
  const referenceKeys = new Set(reference.map((block) => block.key))
  const rawSource = ours
    .filter((block, j) => block.rawSource && !referenceKeys.has(block.key) && !(block.kind === 'code' && sameCodeAtPlace(alignment, reference, block, j)))
    .map((block) => block.label)
  const referenceBreaks = breakContexts(reference)
  const ourBreaks = breakContexts(ours)
  const extraBreaks = minus(ourBreaks, referenceBreaks)
  const total = reference.length + ours.length
  return {
    docusaurus: reference.length,
    ours: ours.length,
    matched: alignment.pairs.length,
    score: total === 0 ? 1 : (2 * alignment.pairs.length) / total,
    approximate: alignment.approximate,
    byKind: Object.fromEntries(BLOCK_KINDS.filter((name) => byKind[name]).map((name) => [name, byKind[name]])),
    missing: alignment.missing.slice(0, LISTED).map((i) => describeBlock(reference[i] as Block)),
    extra: alignment.extra.slice(0, LISTED).map((j) => describeBlock(ours[j] as Block)),
    rawSource,
    lineBreaks: {
      docusaurus: referenceBreaks.length,
      ours: ourBreaks.length,
      extra: extraBreaks.length,
      missing: minus(referenceBreaks, ourBreaks).length,
      extraAt: extraBreaks.slice(0, LISTED),
    },
  }
}
