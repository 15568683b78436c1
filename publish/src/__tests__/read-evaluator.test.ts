// The plan's evaluation of recorded reads: the export's answers first, the query API's only where they differ.
import {describe, expect, it} from 'vitest'
import {answerHash, type ContentRead} from '@site/content-source/reads'
import type {ContentTransport} from '@site/content-source/transports'
import {ReadEvaluator} from '../read-evaluator'

const read = (slug: string, answer: unknown): ContentRead => ({query: 'docQuery', params: {slug, locale: 'en'}, hash: answerHash(answer)})

/** A transport answering from a table of slugs, counting what it was asked. */
function answering(table: Record<string, unknown>) {
  const asked: string[] = []
  const fetch = async (_query: string, params: Record<string, unknown>) => {
    asked.push(String(params.slug))
    return table[String(params.slug)] ?? null
  }
  return {asked, fetch, transport: {name: 'stand-in', fetch} as unknown as ContentTransport}
}

describe('ReadEvaluator', () => {
  it('asks the query API only for reads whose answer from the export differs, once per query and parameters; the API decides', async () => {
    const exported = answering({rooms: {title: 'Rooms, edited'}, adapter: {title: 'Adapter'}, emit: {title: 'Emit (export lags)'}})
    const api = answering({rooms: {title: 'Rooms, edited'}, emit: {title: 'Emit'}})
    const evaluator = new ReadEvaluator(exported.fetch, api.transport)
    const recorded = [read('rooms', {title: 'Rooms'}), read('adapter', {title: 'Adapter'}), read('emit', {title: 'Emit'}), read('rooms', {title: 'Rooms'})]
    const hashes = await Promise.all(recorded.map((entry) => evaluator.hash(entry)))
    expect(hashes).toEqual([answerHash({title: 'Rooms, edited'}), recorded[1]?.hash, recorded[2]?.hash, answerHash({title: 'Rooms, edited'})])
    expect(exported.asked.sort()).toEqual(['adapter', 'emit', 'rooms'])
    expect(api.asked.sort()).toEqual(['emit', 'rooms'])
    expect(evaluator.size).toBe(3)
    expect(evaluator.asked).toBe(2)
  })

  it('answers from the content source alone without a query API (the local dataset), and names an unknown query', async () => {
    const local = answering({rooms: {title: 'Rooms, edited'}})
    const evaluator = new ReadEvaluator(local.fetch, null)
    expect(await evaluator.hash(read('rooms', {title: 'Rooms'}))).toBe(answerHash({title: 'Rooms, edited'}))
    expect(await evaluator.hash({query: 'gone', params: {}, hash: 'x'})).toBe('unknown query gone')
    expect(evaluator.asked).toBe(0)
  })
})
