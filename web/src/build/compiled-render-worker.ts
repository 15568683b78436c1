/**
 * One render process of an incremental publish (compiled-render.ts starts it): renders the pages of
 * its job file with the app the last build compiled, exactly as one of that build's render workers
 * would (Next's `exportPages`, with the input that build handed its workers, captured by
 * compiled-app-capture.ts, and this job's paths). The HTML goes where the build's went
 * (.next/server/app/); the caller moves it into the new release.
 *
 * Usage: node compiled-render-worker.ts <job file>; exits 0 when every page rendered, 1 otherwise
 * (naming each page that failed). Run by plain Node (types stripped, no imports of ours), like Next's
 * own workers, which never run under tsx.
 */
import {readFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import path from 'node:path'
import {deserialize} from 'node:v8'

interface RenderJob {
  /** web/, where `next` resolves from. */
  webDir: string
  /** Next's exportPages input, with this job's paths. */
  input: {exportPaths: {path: string}[]}
}

interface PageResult {
  path: string
  result?: {error?: unknown} | null
}

async function main(jobFile: string): Promise<number> {
  const job = deserialize(readFileSync(jobFile)) as RenderJob
  const requireFromWeb = createRequire(path.join(job.webDir, 'package.json'))
  const worker = requireFromWeb('next/dist/build/worker.js') as {exportPages(input: unknown): Promise<PageResult[]>}
  const results = await worker.exportPages(job.input)
  const rendered = new Set(results.filter((entry) => entry.result && !('error' in entry.result)).map((entry) => entry.path))
  const failed = job.input.exportPaths.map((entry) => entry.path).filter((page) => !rendered.has(page))
  for (const page of failed) console.error(`compiled render: ${page} was not rendered (its error is above)`)
  return failed.length === 0 ? 0 : 1
}

main(process.argv[2] ?? '')
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(`compiled render: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
    process.exit(1)
  })
