/**
 * The webhook receiver alone in a process, for the fault suite to measure its memory under a flood:
 * its build never ends (every publish during it queues for the next run). Tells its port over the
 * IPC channel of its parent and, when asked, its queue and the memory it holds after a full garbage
 * collection (started with --expose-gc), which grows only with what it keeps.
 */
import type {AddressInfo} from 'node:net'
import {createWebhookServer, RebuildQueue} from '../sanity/webhook'

const queue = new RebuildQueue(
  [['build that never ends']],
  () => new Promise<number>(() => {}),
  () => {},
)
const server = createWebhookServer(process.env.FAULT_WEBHOOK_SECRET ?? '', queue)
server.listen(0, '127.0.0.1', () => process.send?.({port: (server.address() as AddressInfo).port}))
process.on('message', () => {
  ;(globalThis as {gc?: () => void}).gc?.()
  const status = queue.status()
  const memory = process.memoryUsage()
  process.send?.({
    // Runs started so far: the one going (runs counts finished ones).
    runs: status.runs + (status.running ? 1 : 0),
    queuedIds: status.queuedDocuments,
    heldMb: (memory.heapUsed + memory.external) / 1024 / 1024,
    rssMb: memory.rss / 1024 / 1024,
  })
})
process.on('disconnect', () => process.exit(0))
