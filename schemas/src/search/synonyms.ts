/**
 * Search synonyms as editors write them (one `searchSynonyms` document per locale) and as both
 * backends apply them: Typesense gets them as a synonym set (items of `synonyms`, with a `root` for
 * one-way ones), the local index expands queries with the same rule (expandQuery).
 * Multi-way: any term finds the others. One-way: the root also finds the synonyms, not the reverse.
 */

/** One synonym rule, in Typesense's synonym item shape. */
export interface SynonymItem {
  id: string
  /** One-way: a search for this word or phrase also finds the synonyms. */
  root?: string
  synonyms: string[]
}

/** The fields of a searchSynonyms document that rules are read from. */
export interface SynonymsDocument {
  _id?: string
  language?: string | null
  entries?: ReadonlyArray<{_key?: string; root?: string | null; synonyms?: ReadonlyArray<string | null> | null} | null> | null
}

/**
 * The rules of a synonyms document. An entry that cannot be a rule (no synonym, or a multi-way
 * entry with fewer than two terms) is an error naming the document and the entry, never skipped.
 */
export function synonymItems(document: SynonymsDocument): SynonymItem[] {
  const name = `searchSynonyms ${document._id ?? `(${document.language ?? 'no language'})`}`
  return (document.entries ?? []).map((entry, index) => {
    const where = `${name}, entries[${index}]${entry?._key ? ` (_key ${entry._key})` : ''}`
    const root = entry?.root?.trim() ?? ''
    const synonyms = (entry?.synonyms ?? []).map((term) => (term ?? '').trim()).filter(Boolean)
    if (synonyms.length === 0) throw new Error(`${where}: no synonyms`)
    if (!root && synonyms.length < 2) throw new Error(`${where}: a two-way entry needs at least two terms (or set a root for a one-way entry)`)
    return {id: entry?._key || `entry-${index}`, ...(root ? {root} : {}), synonyms}
  })
}

/** A query unit after expansion: alternatives, each a phrase of terms (all must match). */
export type ExpandedUnit = string[][]

/**
 * Replaces the words of a query that a rule matches (longest phrase first) with the alternatives
 * of the rule. `words` and the rules' terms are compared through `normalize` (folding and stemming),
 * and alternatives are returned normalized too, as `words` are.
 */
export function expandQuery(words: readonly string[], items: readonly SynonymItem[], normalize: (text: string) => string[]): ExpandedUnit[] {
  const rules = items.map((item) => {
    const phrases = item.synonyms.map(normalize).filter((phrase) => phrase.length > 0)
    const root = item.root ? normalize(item.root) : null
    return {triggers: root ? [root] : phrases, alternatives: root ? [root, ...phrases] : phrases}
  })
  const units: ExpandedUnit[] = []
  for (let at = 0; at < words.length;) {
    let best: {length: number; alternatives: string[][]} | null = null
    for (const rule of rules) {
      for (const trigger of rule.triggers) {
        if (trigger.length === 0 || at + trigger.length > words.length) continue
        if (!trigger.every((term, offset) => words[at + offset] === term)) continue
        if (!best || trigger.length > best.length) best = {length: trigger.length, alternatives: rule.alternatives}
        else if (trigger.length === best.length) best = {length: best.length, alternatives: uniquePhrases([...best.alternatives, ...rule.alternatives])}
      }
    }
    if (best) {
      units.push(uniquePhrases(best.alternatives))
      at += best.length
    } else {
      units.push([[words[at] ?? '']])
      at++
    }
  }
  return units
}

function uniquePhrases(phrases: readonly string[][]): string[][] {
  const seen = new Set<string>()
  return phrases.filter((phrase) => {
    const key = phrase.join(' ')
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
