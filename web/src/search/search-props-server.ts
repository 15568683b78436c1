/**
 * Builds the search UI's props on the server from the site context: messages of the locale,
 * versions, suggestions and the report link (site settings first, sensible derivations otherwise).
 */
import {localePathPrefix, versionSegment} from '@site/schemas/model'
import {routeUrl} from '@site/schemas/routing'
import type {SiteContext} from '../site/context'
import {flattenSidebar, loadVersionSidebars} from '../site/docs'
import {SEARCH_MESSAGE_KEYS, type SearchMessageKey, type SearchUiProps} from './search-props'

const DEFAULT_REPORT_URL = 'https://github.com/socketio/socket.io-website/issues/new'

/** The issue form of the repository the edit links point at, when they point at GitHub. */
export function reportUrlFrom(editUrl: string | null | undefined): string {
  const match = /^https:\/\/github\.com\/([^/]+)\/([^/]+)/.exec(editUrl ?? '')
  return match ? `https://github.com/${match[1]}/${match[2]}/issues/new` : DEFAULT_REPORT_URL
}

export async function searchUiProps(context: SiteContext): Promise<SearchUiProps> {
  const messages = Object.fromEntries(SEARCH_MESSAGE_KEYS.map((key) => [key, context.t(key)])) as Record<SearchMessageKey, string>
  const configured = (context.settings.search?.suggestions ?? []).filter((entry): entry is string => typeof entry === 'string' && entry.trim() !== '')
  let suggestions = configured.slice(0, 3)
  if (suggestions.length === 0) {
    // Without configured suggestions, the first topics of the latest docs (after their introduction).
    const {sidebars} = await loadVersionSidebars(context, context.latest)
    suggestions = flattenSidebar(sidebars[0]?.items ?? [])
      .slice(1, 4)
      .map((link) => link.label)
  }
  return {
    locale: context.locale,
    latestVersion: context.latest.path,
    versions: context.versions.map((version) => ({
      path: version.path,
      label: version.label,
      segment: versionSegment(version),
      ...(version.docsPath === null ? {} : {docsPath: version.docsPath}),
    })),
    localePrefix: localePathPrefix(context.routing.locales, context.locale),
    docsPath: context.routing.docsPath,
    messages,
    suggestions,
    reportUrl: context.settings.search?.reportUrl || reportUrlFrom(context.settings.editUrl),
    searchPageUrl: routeUrl(context.routing, {kind: 'search', locale: context.locale}),
    contextual: context.settings.search?.contextualSearch !== false,
  }
}
