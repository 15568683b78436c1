/** The routing table of the embedded content (four locales, three docs versions, a changelog), for unit tests. */
import {localeTableOf} from '@site/schemas/model'
import type {VersionAddress} from '@site/schemas/model'
import {routedVersions, type RoutingTable} from '@site/schemas/routing'

export const TEST_LOCALES = ['en', 'fr', 'pt-br', 'zh-CN'] as const

export function testRoutingTable(
  overrides: {
    locales?: readonly string[]
    versions?: readonly (string | VersionAddress)[]
    changelog?: boolean
    docsPath?: string
    blogPath?: string
    pagePaths?: readonly string[]
    docTagVersions?: readonly string[]
  } = {},
): RoutingTable {
  return {
    locales: localeTableOf(overrides.locales ?? TEST_LOCALES),
    docsPath: overrides.docsPath ?? 'docs',
    blogPath: overrides.blogPath ?? 'blog',
    versions: routedVersions(overrides.versions ?? ['v4', 'v3', 'v2']),
    changelog: overrides.changelog ?? true,
    pagePaths: new Set(overrides.pagePaths ?? []),
    docTagVersions: new Set(overrides.docTagVersions ?? []),
  }
}
