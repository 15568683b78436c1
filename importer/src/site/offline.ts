/**
 * Network calls of a site's modules while they load (a config that fetches its translators' progress
 * from a translation service, its sponsors from an API): the import runs offline, so that it gives
 * the same result wherever and whenever it runs. `fetch` and Node's http/https requests fail as they
 * do on a machine without a network (an address that cannot be looked up), and each call is
 * recorded: a config that handles the failure imports with what it gives offline, and the report
 * names the call; one that does not fails to load, with the call named in its error.
 */
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'

export interface NetworkCall {
  /** The address called, as far as the call says it. */
  url: string
  via: 'fetch' | 'http' | 'https'
}

const OFFLINE = 'the import runs offline'

function offlineError(host: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${host} (${OFFLINE})`), {code: 'ENOTFOUND', syscall: 'getaddrinfo', hostname: host})
}

/** The address of an http(s).request/get call's arguments: (url[, options][, callback]) or (options[, callback]). */
function requestUrl(args: unknown[], protocol: string): {url: string; host: string} {
  const [first, second] = args
  if (typeof first === 'string' || first instanceof URL) {
    const url = String(first)
    return {url, host: URL.canParse(url) ? new URL(url).hostname : url}
  }
  const options = (typeof first === 'object' && first !== null ? first : typeof second === 'object' && second !== null ? second : {}) as Record<string, unknown>
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
  const host = text(options.hostname) ?? text(options.host) ?? 'localhost'
  return {url: `${text(options.protocol) ?? protocol}//${host}${text(options.path) ?? '/'}`, host}
}

/**
 * Runs `load` with the network unreachable for it, recording each call in `calls`. The real request
 * functions are used, with a connection that fails as an unknown host does, so that the code sees
 * the errors and events it would see offline.
 */
export async function whileOffline<T>(calls: NetworkCall[], load: () => Promise<T>): Promise<T> {
  const saved = {
    fetch: globalThis.fetch,
    http: {request: http.request, get: http.get},
    https: {request: https.request, get: https.get},
  }
  globalThis.fetch = (input: string | URL | Request) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    calls.push({url, via: 'fetch'})
    const host = URL.canParse(url) ? new URL(url).hostname : url
    return Promise.reject(new TypeError('fetch failed', {cause: offlineError(host)}))
  }
  const failing = (module: 'http' | 'https', original: typeof http.request) =>
    ((...args: unknown[]) => {
      const {url, host} = requestUrl(args, `${module}:`)
      calls.push({url, via: module})
      // The request is made, with a connection that fails before any byte leaves the machine.
      const createConnection = () => {
        const socket = new net.Socket()
        process.nextTick(() => socket.destroy(offlineError(host)))
        return socket
      }
      // No agent (the caller's own would open a real connection): the request asks createConnection for its socket.
      const offline = {agent: undefined, createConnection}
      const [first, second, ...others] = args
      const finalArgs =
        typeof first === 'string' || first instanceof URL
          ? typeof second === 'object' && second !== null
            ? [first, {...second, ...offline}, ...others]
            : [first, offline, ...args.slice(1)]
          : [{...(typeof first === 'object' && first !== null ? first : {}), ...offline}, ...args.slice(1)]
      return (original as (...a: unknown[]) => http.ClientRequest)(...finalArgs)
    }) as typeof http.request
  const getVia = (request: typeof http.request) =>
    ((...args: unknown[]) => {
      const call = (request as (...a: unknown[]) => http.ClientRequest)(...args)
      call.end()
      return call
    }) as typeof http.get
  http.request = failing('http', saved.http.request)
  https.request = failing('https', saved.https.request)
  http.get = getVia(http.request)
  https.get = getVia(https.request)
  try {
    return await load()
  } finally {
    globalThis.fetch = saved.fetch
    http.request = saved.http.request
    http.get = saved.http.get
    https.request = saved.https.request
    https.get = saved.https.get
  }
}

/** The calls as a list for a message: each address once, the first few. */
export function describeCalls(calls: readonly NetworkCall[]): string {
  const urls = [...new Set(calls.map((call) => call.url))]
  return `${urls.slice(0, 3).join(', ')}${urls.length > 3 ? ` and ${urls.length - 3} more` : ''}`
}
