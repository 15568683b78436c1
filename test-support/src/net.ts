/** Loopback ports for the servers that tests, benches and the soak start. */
import {createServer, type AddressInfo} from 'node:net'

/** A port free on 127.0.0.1 at the time of the call (the system picks it; the probe is closed before it resolves). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const {port} = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })
}
