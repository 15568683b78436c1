/**
 * Loaded (`--import`) into the static server and the webhook receiver the soak starts, with node's
 * --expose-gc: on SIGUSR2 it runs a full garbage collection and writes the process's memory figures
 * (process.memoryUsage()) as JSON to SOAK_MEMORY_FILE. What is still held after a full collection (the
 * JS heap in use and the memory outside it, buffers included) is what a leak makes grow; the resident
 * size also counts the heap V8 has reserved and not returned, and what the allocator keeps.
 */
import {renameSync, writeFileSync} from 'node:fs'

const file = process.env.SOAK_MEMORY_FILE
if (file) {
  process.on('SIGUSR2', () => {
    ;(globalThis as {gc?: () => void}).gc?.()
    // Written aside and renamed, so the soak never reads a half-written file.
    writeFileSync(`${file}.tmp`, JSON.stringify(process.memoryUsage()))
    renameSync(`${file}.tmp`, file)
  })
}
