// Preloaded (NODE_OPTIONS=--import) into the Sanity CLI child process of the seed tests only: names under
// `.localhost` resolve to 127.0.0.1, as RFC 6761 reserves them, which this machine's resolver does not do.
// The CLI asks http://<projectId>.localhost:<port> once SANITY_INTERNAL_ENV points it at the local stand-in.
import dns from 'node:dns'

const resolveOriginal = dns.lookup

/** @param {string} hostname */
function isLocalhostName(hostname) {
  return typeof hostname === 'string' && hostname.toLowerCase().endsWith('.localhost')
}

/**
 * Same signature as dns.lookup: (hostname, [options], callback).
 * @param {string} hostname
 * @param {unknown} options
 * @param {Function} [callback]
 */
function lookup(hostname, options, callback) {
  const done = typeof options === 'function' ? options : callback
  if (!isLocalhostName(hostname) || typeof done !== 'function') {
    return Reflect.apply(
      resolveOriginal,
      dns,
      [hostname, options, callback].filter((argument) => argument !== undefined),
    )
  }
  const wantsAll = typeof options === 'object' && options !== null && 'all' in options && options.all === true
  if (wantsAll) process.nextTick(done, null, [{address: '127.0.0.1', family: 4}])
  else process.nextTick(done, null, '127.0.0.1', 4)
}

dns.lookup = /** @type {typeof dns.lookup} */ (/** @type {unknown} */ (lookup))
