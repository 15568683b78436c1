/**
 * The routing table of the content the build (or the preview's request) reads: the answer of the
 * routing table query, made into the table that the URL module (`@site/schemas/routing`) takes.
 * Answers are memoized by the content source, so the same answer gives the same table.
 */
import {type RoutingTable, toRoutingTable} from '@site/schemas/routing'
import {routingTableQuery} from '@site/schemas/queries'
import type {RoutingTableQueryResult} from '@site/schemas/types'
import {fetchContent} from '@site/content-source/source'

const tables = new WeakMap<RoutingTableQueryResult, RoutingTable>()

export async function loadRoutingTable(): Promise<RoutingTable> {
  const answer = await fetchContent(routingTableQuery, {})
  let table = tables.get(answer)
  if (!table) {
    table = toRoutingTable(answer)
    tables.set(answer, table)
  }
  return table
}
