/**
 * Access control as Sanity's roles express it: a token's grants are GROQ filters, each with the permissions it
 * gives on the documents it matches (`read`, `create`, `update`, `history`). The stand-in answers the dataset's
 * `acl` endpoint with the editor's grants (the studio reads them to know which documents it may edit) and refuses
 * a write that no grant allows, as Content Lake refuses it.
 */
import {evaluate, parse} from 'groq-js'
import type {StoredDocument} from './api'

export type Permission = 'read' | 'create' | 'update' | 'history' | 'editHistory'

export interface Grant {
  filter: string
  permissions: Permission[]
}

/** What a role with every permission on every document gets (Administrator, Editor). */
export const ALL_DOCUMENTS: readonly Grant[] = [{filter: '_id in path("**")', permissions: ['read', 'create', 'history', 'update']}]

const parsed = new Map<string, ReturnType<typeof parse>>()

/** Whether `grants` give `permission` on `document`. */
export async function allows(grants: readonly Grant[], permission: Permission, document: StoredDocument): Promise<boolean> {
  for (const grant of grants) {
    if (!grant.permissions.includes(permission)) continue
    let tree = parsed.get(grant.filter)
    if (!tree) {
      tree = parse(`count(*[${grant.filter}]) > 0`)
      parsed.set(grant.filter, tree)
    }
    if ((await (await evaluate(tree, {dataset: [document]})).get()) === true) return true
  }
  return false
}

/** Whether `grants` read everything (no filtering needed). */
export function readsEverything(grants: readonly Grant[]): boolean {
  return grants.some((grant) => grant.filter === ALL_DOCUMENTS[0]?.filter && grant.permissions.includes('read'))
}
