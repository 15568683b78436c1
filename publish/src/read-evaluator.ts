/**
 * How a publish's plan asks again what the pages of the build being served read (publish-plan.ts).
 */
import * as queries from '@site/schemas/queries'
import {answerHash, type ContentRead} from '@site/content-source/reads'
import type {ContentTransport, QueryParams} from '@site/content-source/transports'
import {evaluationKey} from './publish-plan'

function isKnownQuery(name: string): name is keyof typeof queries {
  return typeof (queries as Record<string, unknown>)[name] === 'string'
}

/**
 * The hashes of recorded reads' answers as the content is now, each (query, parameters) asked once.
 * With a Sanity project, the reads are answered from one export of the dataset (answerFromDatasetExport)
 * and only those whose answer differs from the recorded one are asked again of the query API, which
 * the pages were rendered from: its answer decides. So the plan costs one download and a few queries
 * instead of one query per recorded read (619 for content/).
 */
export class ReadEvaluator {
  private readonly first = new Map<string, Promise<string>>()
  private readonly authoritative = new Map<string, Promise<string>>()
  /** Reads asked again of the query API because the export's answer differed. */
  asked = 0

  constructor(
    /** The process's content source (the export's answers with a Sanity project). */
    private readonly ask: (query: string, params: QueryParams) => Promise<unknown>,
    /** The query API, when the first answers come from an export of it. */
    private readonly api: ContentTransport | null,
  ) {}

  get size(): number {
    return this.first.size
  }

  async hash(read: ContentRead): Promise<string> {
    if (!isKnownQuery(read.query)) return `unknown query ${read.query}`
    const query = queries[read.query]
    const key = evaluationKey(read)
    let first = this.first.get(key)
    if (!first) this.first.set(key, (first = this.ask(query, read.params as QueryParams).then(answerHash)))
    const hash = await first
    if (hash === read.hash || !this.api) return hash
    const api = this.api
    let decided = this.authoritative.get(key)
    if (!decided) {
      this.asked++
      this.authoritative.set(key, (decided = api.fetch(query, read.params as QueryParams).then(answerHash)))
    }
    return decided
  }
}
