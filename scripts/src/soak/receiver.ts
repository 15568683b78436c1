/**
 * The publish webhook's receiver for the soak, in a process of its own (its memory is one of the
 * soak's figures): the real receiver and queue of scripts/src/sanity/webhook.ts, whose step is the
 * webhook's own `npm run publish:site` (run as tools/run.sh runs it, the soak's settings in the
 * environment: its builds folder and served link, the Sanity API stand-in). Listens on a free port
 * of 127.0.0.1 and tells it over the IPC channel; the step's output goes to this process's stdout.
 */
import type {AddressInfo} from 'node:net'
import path from 'node:path'
import {createWebhookServer, RebuildQueue, spawnStep, type Step} from '../sanity/webhook'

const ROOT = path.resolve(import.meta.dirname, '../../..')
/** The receiver's publish step, as the webhook runs it. */
export const SOAK_STEPS: Step[] = [['npm', 'run', 'publish:site']]

const secret = process.env.SOAK_WEBHOOK_SECRET ?? ''
const log = (line: string) => console.log(`${new Date().toISOString()} ${line}`)
const queue = new RebuildQueue(SOAK_STEPS, spawnStep(ROOT), log)
const server = createWebhookServer(secret, queue)
server.listen(0, '127.0.0.1', () => process.send?.({type: 'ready', port: (server.address() as AddressInfo).port}))
process.on('disconnect', () => process.exit(0))
