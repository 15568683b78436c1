/** The fault-injection runner: what counts as expected, unexpected or skipped, and the printed table. */
import {describe, expect, it} from 'vitest'
import {FAULT_CASES} from '../cases'
import {faultTotals, formatFaultTable, runFaultCase, runFaultSuite} from '../suite'

describe('runFaultCase', () => {
  it('is as expected only when the observed text is the expected one', async () => {
    expect(await runFaultCase({name: 'a', expected: '401, 0 runs', run: async () => '401, 0 runs'})).toMatchObject({
      outcome: 'as expected',
      observed: '401, 0 runs',
    })
    expect(await runFaultCase({name: 'b', expected: '401, 0 runs', run: async () => '202, 1 run'})).toMatchObject({
      outcome: 'unexpected',
      observed: '202, 1 run',
    })
  })

  it('reports a throw, a time-out and a skip as what was observed, with the note of a measured figure', async () => {
    expect(await runFaultCase({name: 'c', expected: 'x', run: async () => Promise.reject(new Error('boom\nstack'))})).toMatchObject({
      outcome: 'unexpected',
      observed: 'threw: boom',
    })
    expect(await runFaultCase({name: 'd', expected: 'x', run: () => new Promise<string>(() => {}), timeoutMs: 20})).toMatchObject({
      outcome: 'unexpected',
      observed: 'threw: no outcome after 0.02 s',
    })
    expect(await runFaultCase({name: 'e', expected: 'x', run: async () => 'x', skipReason: () => 'no Chromium'})).toMatchObject({
      outcome: 'skipped',
      observed: 'skipped: no Chromium',
    })
    expect(await runFaultCase({name: 'f', expected: 'x', run: async () => ({observed: 'x', note: '12 MB'})})).toMatchObject({
      outcome: 'as expected',
      note: '12 MB',
    })
  })
})

describe('the suite', () => {
  it('refuses two cases of the same name', async () => {
    await expect(
      runFaultSuite([
        {name: 'same', expected: '', run: async () => ''},
        {name: 'same', expected: '', run: async () => ''},
      ]),
    ).rejects.toThrow('Two fault cases are named "same"')
  })

  it('prints case, expected and observed, wrapped, with the measured notes and the totals', async () => {
    const results = await runFaultSuite([
      {name: 'webhook: a request signed in 2021', expected: '401, 0 runs', run: async () => '401, 0 runs'},
      {
        name: 'a long case name that does not fit in the first column of the table',
        expected: 'ok',
        run: async () => ({observed: 'not ok', note: 'measured 3 s'}),
      },
    ])
    const table = formatFaultTable(results, {name: 20, expected: 12, observed: 12})
    expect(table.split('\n')).toEqual([
      'case                 | expected     | observed     |',
      '---------------------+--------------+--------------+-----',
      'webhook: a request   | 401, 0 runs  | 401, 0 runs  | ok',
      'signed in 2021       |              |              |',
      'a long case name     | ok           | not ok       | FAIL',
      'that does not fit in |              |              |',
      'the first column of  |              |              |',
      'the table            |              |              |',
      '---------------------+--------------+--------------+-----',
      'Measured:',
      '  a long case name that does not fit in the first column of the table: measured 3 s',
      '2 fault cases: 1 as expected, 1 not, 0 skipped',
    ])
    expect(faultTotals([])).toBe('0 fault cases: 0 as expected, 0 not, 0 skipped')
  })

  it('holds a case for each kind of fault (webhook, rebuild, publish, Typesense, unsafe markup, importer), each with an expected outcome', () => {
    expect(FAULT_CASES.length).toBeGreaterThanOrEqual(29)
    for (const faultCase of FAULT_CASES) expect(faultCase.expected.length, faultCase.name).toBeGreaterThan(0)
    for (const area of ['webhook:', 'rebuild', 'publish', 'Typesense:', 'javascript:', 'SVG', 'importer:'])
      expect(
        FAULT_CASES.some((faultCase) => faultCase.name.includes(area)),
        area,
      ).toBe(true)
  })
})
