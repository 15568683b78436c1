/** Loads the routing table from the content source: what entry points await before routing. */
import type {LocaleTable} from '@site/schemas/model'
import {routingTableQuery} from '@site/schemas/queries'
import {fetchContent} from '../content/source'
import {loadOnce, type RoutingTable} from './routing-table'

export function loadRoutingTable(): Promise<RoutingTable> {
  return loadOnce(() => fetchContent(routingTableQuery, {}))
}

/** The locale part of the routing table, once loaded. */
export async function loadLocaleTable(): Promise<LocaleTable> {
  return (await loadRoutingTable()).locales
}
