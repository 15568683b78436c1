/** The unique-slug rule's query. */
import type {ValidationContext} from '@sanity/types'
import {describe, expect, it} from 'vitest'
import {uniqueInScope} from '../rules'

describe('uniqueInScope', () => {
  function contextAnswering(answer: string | null, asked: {query?: string; params?: Record<string, unknown>}): ValidationContext {
    const client = {
      fetch: async (query: string, params: Record<string, unknown>) => {
        asked.query = query
        asked.params = params
        return answer
      },
    }
    return {
      getClient: () => client,
      document: {_id: 'drafts.doc-v4-fr-rooms', _type: 'doc', _rev: '', _createdAt: '', _updatedAt: '', version: 'v4', language: 'fr'},
    } as unknown as ValidationContext
  }

  it('asks for another document of the type with the same value in the same version and language', async () => {
    const asked: {query?: string; params?: Record<string, unknown>} = {}
    expect(await uniqueInScope('slug', ['version', 'language'])('rooms', contextAnswering(null, asked))).toBe(true)
    expect(asked.query).toContain('version == $version && language == $language')
    expect(asked.params).toMatchObject({type: 'doc', value: 'rooms', id: 'doc-v4-fr-rooms', draft: 'drafts.doc-v4-fr-rooms', version: 'v4', language: 'fr'})
  })

  it('names the clashing document', async () => {
    const message = await uniqueInScope('slug', ['version', 'language'])('rooms', contextAnswering('drafts.doc-other', {}))
    expect(message).toBe('Another doc already uses "rooms" (version v4, language fr): doc-other')
  })
})
