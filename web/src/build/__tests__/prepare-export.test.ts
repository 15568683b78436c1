// Next's data cache keeps nothing: with Sanity each query is a fetch, which Next's own handler would keep
// in its build folder and answer a later build or publish with, from what an earlier one read.
import {existsSync} from 'node:fs'
import {PHASE_PRODUCTION_SERVER} from 'next/constants'
import {describe, expect, it} from 'vitest'
import config from '../../../next.config'
import SiteDataCacheHandler from '../data-cache-handler.mjs'
import {DATA_CACHE_HANDLER} from '../next-adapter'

describe("Next's data cache in the static build", () => {
  it('answers nothing it was given: every build and publish fetches its own answers', async () => {
    const handler = new SiteDataCacheHandler()
    await handler.set('a1b2c3', {kind: 'FETCH', data: {body: 'an earlier answer'}})
    expect(await handler.get('a1b2c3')).toBeNull()
  })

  it("is the handler web/next.config.ts gives Next, with no in-memory cache of Next's beside it", () => {
    const built = config(PHASE_PRODUCTION_SERVER)
    expect(built.cacheHandler).toBe(DATA_CACHE_HANDLER)
    expect(built.cacheMaxMemorySize).toBe(0)
    expect(existsSync(DATA_CACHE_HANDLER)).toBe(true)
  })
})
