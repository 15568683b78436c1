/**
 * Next's data cache for the static build (next.config.ts's `cacheHandler`, Next's documented interface:
 * get, set, revalidateTag, resetRequestCache): it keeps nothing. Next's own handler writes every `fetch`
 * of a page rendered at build time into its build folder and answers a later build or publish from
 * there, with what an earlier build read (a Sanity query through @sanity/client is such a fetch). The
 * site keeps its query answers itself, in each render process, for that process only
 * (content-source/src/transports.ts, memoizeTransport): pages rendered together still share their answers.
 */
export default class SiteDataCacheHandler {
  /** Nothing is ever kept: every entry is a miss. */
  async get() {
    return null
  }

  async set() {}

  async revalidateTag() {}

  resetRequestCache() {}
}
