/**
 * The webhook receiver alone in a process, for the fault suite to measure its memory under a flood:
 * its build never ends (every publish during it queues for the next run). Tells its port, and its
 * queue when asked, over the IPC channel of its parent.
 */
import type {AddressInfo} from 'node:net'
import {createWebhookServer, RebuildQueue} from '../sanity/webhook'

const queue = new RebuildQueue([['build that never ends']], () => new Promise<number>(() => {}), () => {})
const server = createWebhookServer(process.env.FAULT_WEBHOOK_SECRET ?? '', queue)
server.listen(0, '127.0.0.1', () => process.send?.({port: (server.address() as AddressInfo).port}))
process.on('message', () => {
  const status = queue.status()
  // Runs started so far: the one going (runs counts finished ones).
  process.send?.({runs: status.runs + (status.running ? 1 : 0), queuedIds: status.queuedDocuments})
})
process.on('disconnect', () => process.exit(0))
