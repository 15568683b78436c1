// The one page of the site: every route of every locale, listed at build time and dispatched by kind.
import type {Metadata} from 'next'
import {listAllRoutes} from '@/site/all-routes'
import {feedPaths, parseRoute} from '@site/schemas/routing'
import {loadRoutingTable} from '@/site/routing-table-loader'
import {loadRoute, routeMetadata, RoutePage} from '@/ui/route-page'
import {recordRoute} from '@site/content-source/reads'
import {keySegments, routeFilter, routeKey, routeParams} from '@/build/route-filter'
import {keepRenderHeapCompact} from '@/build/render-heap'
import {isCompileStage} from '@/build/build-stage'

// The render workers' memory (web/src/build/render-heap.ts).
keepRenderHeapCompact()

export const dynamicParams = false

interface Props {
  params: Promise<{path?: string[]}>
}

export async function generateStaticParams(): Promise<Array<{path: string[]}>> {
  // An incremental publish renders only the routes it lists (SITE_BUILD_ROUTES); it has listed and
  // checked every route of the content already (publish/src/incremental-build.ts), so the list is not
  // asked of the content source again here.
  const only = routeFilter()
  if (only) return [...only].map((key) => ({path: keySegments(key)}))
  return routeParams(await loadRoutingTable(), await listAllRoutes()).map((segments) => ({path: segments}))
}

export async function generateMetadata({params}: Props): Promise<Metadata> {
  // The compile step of the full build exports this page once at its own pattern (src/build/build-stage.ts).
  if (isCompileStage()) return {}
  const {path = []} = await params
  recordRoute(routeKey(path))
  const loaded = await loadRoute(parseRoute(await loadRoutingTable(), path))
  if (!loaded) return {}
  const {title, description, unlisted} = routeMetadata(loaded)
  const {context} = loaded
  const siteUrl = context.settings.url
  const feeds = feedPaths(context.routing, context.locale)
  const feedTitle = `${context.siteTitle} ${context.t('blog.title')}`
  return {
    title,
    description,
    // Unlisted pages ask search engines not to index them or follow their links, as Docusaurus's do.
    ...(unlisted ? {robots: {index: false, follow: false}} : {}),
    ...(siteUrl && URL.canParse(siteUrl) ? {metadataBase: new URL(siteUrl)} : {}),
    // Canonical and hreflang links are rendered by RoutePage: Next would append a slash to them (trailingSlash), unlike the site's own URLs.
    alternates: {
      types: {'application/rss+xml': [{url: feeds.rss, title: feedTitle}], 'application/atom+xml': [{url: feeds.atom, title: feedTitle}]},
    },
  }
}

export default async function Page({params}: Props) {
  if (isCompileStage()) return null
  const {path = []} = await params
  recordRoute(routeKey(path))
  return <RoutePage route={parseRoute(await loadRoutingTable(), path)} />
}
