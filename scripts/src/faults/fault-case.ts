/**
 * What a fault-injection case is: a fault made to happen on purpose (a replayed request, a full disk,
 * a failing Typesense call…), the outcome that shows it is handled, and a run function that makes the
 * fault and reports what it saw in the same words. The suite (suite.ts) runs a list of them and prints
 * case, expected and observed as a table.
 */
export interface FaultCase {
  /** What goes wrong, e.g. "webhook: a signature dated 2021". Unique in the suite. */
  name: string
  /** The outcome that shows the fault is handled, worded as `run` reports it. */
  expected: string
  /**
   * Makes the fault happen and reports what followed, in the words of `expected`, with a measured figure
   * as a note when there is one; a throw is reported as observed, not as a crash of the suite.
   */
  run: () => Promise<string | {observed: string; note: string}>
  /** Why the case cannot run on this machine (Chromium missing…), or undefined when it can. */
  skipReason?: () => string | undefined
  /** Time limit of `run` (default 60 s). */
  timeoutMs?: number
}

export type FaultOutcome = 'as expected' | 'unexpected' | 'skipped'

export interface FaultResult {
  name: string
  expected: string
  observed: string
  outcome: FaultOutcome
  /** A figure measured on the way (printed under the table). */
  note?: string
  ms: number
}
