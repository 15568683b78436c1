// The build-wide caches of answers (the query cache, oncePerKey) must not keep alive the render of
// the page that asked first: a promise carries the AsyncLocalStorage stores it was created under.
import {AsyncLocalStorage} from 'node:async_hooks'
import {setFlagsFromString} from 'node:v8'
import {runInNewContext} from 'node:vm'
import {describe, expect, it} from 'vitest'
import {SettledAnswer} from '../settled-answer'
import {memoizeTransport, type ContentTransport} from '../transports'
import {oncePerKey} from '../once'
import * as queries from '@site/schemas/queries'

setFlagsFromString('--expose-gc')
const collect = runInNewContext('gc') as () => void

/** Stands for a page render: a large per-page object held by an AsyncLocalStorage store. */
const renderStorage = new AsyncLocalStorage<{html: string}>()

/**
 * Runs `ask` as if inside a page's render and returns a weak reference to that render's store,
 * after the answer settled; the caller drops every strong reference to the store.
 */
async function askInsideRender(ask: () => Promise<unknown>): Promise<WeakRef<{html: string}>> {
  const store = {html: 'x'.repeat(100_000)}
  const answer = await renderStorage.run(store, ask)
  expect(answer).toBeDefined()
  return new WeakRef(store)
}

/** Whether the object behind `ref` survives full garbage collections (WeakRefs clear between tasks). */
async function survivesCollection(ref: WeakRef<object>): Promise<boolean> {
  for (let round = 0; round < 3; round++) {
    await new Promise((resolve) => setTimeout(resolve, 0))
    collect()
  }
  return ref.deref() !== undefined
}

const answering: ContentTransport = {
  name: 'answering',
  fetch: async (query, params) => {
    await new Promise((resolve) => setTimeout(resolve, 1))
    return [{query, params}] as never
  },
}

describe('an answer kept for the whole build', () => {
  it('does not keep alive the render that asked first (a kept promise would: the control)', async () => {
    const keptPromises: Array<Promise<unknown>> = []
    const control = await askInsideRender(() => {
      const promise = answering.fetch(queries.docQuery, {slug: 'control'})
      keptPromises.push(promise)
      return promise
    })
    const kept: SettledAnswer<unknown>[] = []
    const settled = await askInsideRender(() => {
      const answer = new SettledAnswer(answering.fetch(queries.docQuery, {slug: 'settled'}), () => undefined)
      kept.push(answer)
      return answer.get()
    })
    expect(await survivesCollection(control)).toBe(true)
    expect(await survivesCollection(settled)).toBe(false)
    expect(await kept[0]?.get()).toEqual([{query: queries.docQuery, params: {slug: 'settled'}}])
    expect(keptPromises).toHaveLength(1)
  })

  it('is shared while pending and answered from its value afterwards', async () => {
    let resolve: (value: string) => void = () => undefined
    const answer = new SettledAnswer(new Promise<string>((done) => (resolve = done)), () => undefined)
    const first = answer.get()
    expect(answer.get()).toBe(first)
    resolve('value')
    expect(await first).toBe('value')
    expect(await answer.get()).toBe('value')
    expect(answer.get()).not.toBe(first)
  })

  it('reports a failure, which reaches the callers that were waiting', async () => {
    let failures = 0
    const answer = new SettledAnswer(Promise.reject(new Error('query failed')), () => (failures += 1))
    await expect(answer.get()).rejects.toThrow('query failed')
    expect(failures).toBe(1)
  })

  it('through the query cache: the page that first asked is not kept; its answer is', async () => {
    let calls = 0
    const memo = memoizeTransport({name: 'counting', fetch: (query, params) => ((calls += 1), answering.fetch(query, params))})
    const page = await askInsideRender(() => memo.fetch(queries.docQuery, {slug: 'rooms'}))
    expect(await survivesCollection(page)).toBe(false)
    expect(await memo.fetch(queries.docQuery, {slug: 'rooms'})).toEqual([{query: queries.docQuery, params: {slug: 'rooms'}}])
    expect(calls).toBe(1)
  })

  it('through the query cache: a failed answer is forgotten and asked again', async () => {
    let calls = 0
    const memo = memoizeTransport({
      name: 'failing once',
      fetch: (query, params) => ((calls += 1), calls === 1 ? Promise.reject(new Error('offline')) : answering.fetch(query, params)),
    })
    await expect(memo.fetch(queries.docQuery, {slug: 'rooms'})).rejects.toThrow('offline')
    expect(await memo.fetch(queries.docQuery, {slug: 'rooms'})).toHaveLength(1)
    expect(calls).toBe(2)
  })

  it('through oncePerKey: the page that first loaded is not kept; the loaded value is shared', async () => {
    let loads = 0
    const sidebar = oncePerKey(
      (version: string) => version,
      async (version: string) => {
        loads += 1
        await new Promise((resolve) => setTimeout(resolve, 1))
        return {version, items: ['a', 'b']}
      },
    )
    const page = await askInsideRender(() => sidebar('v4'))
    expect(await survivesCollection(page)).toBe(false)
    const again = await sidebar('v4')
    expect(again).toEqual({version: 'v4', items: ['a', 'b']})
    expect(again).toBe(await sidebar('v4'))
    expect(loads).toBe(1)
  })
})
