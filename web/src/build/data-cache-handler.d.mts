/** The types of data-cache-handler.mjs: a handler of Next's `cacheHandler` interface that keeps nothing. */
export default class SiteDataCacheHandler {
  get(key: string): Promise<null>
  set(key: string, data: unknown, context?: unknown): Promise<void>
  revalidateTag(tags: string | string[]): Promise<void>
  resetRequestCache(): void
}
