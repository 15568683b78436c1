/**
 * Serves the built studio (studio/dist) on 127.0.0.1 the way its hosting does: files as they are,
 * any other path answered with index.html, since the studio routes in the browser (/structure/...).
 * scripts/src/serve.ts answers unknown paths with a 404 page, which is right for the site, not for an SPA.
 */
import {readFile, stat} from 'node:fs/promises'
import {createServer, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import {extname, join, normalize, sep} from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
}

export interface RunningServer {
  url: string
  close(): Promise<void>
}

async function fileIn(root: string, urlPath: string): Promise<string | null> {
  const relative = normalize(decodeURIComponent(urlPath)).replace(/^[/\\]+/, '')
  if (relative.split(sep).includes('..')) return null
  const path = join(root, relative)
  try {
    return (await stat(path)).isFile() ? path : null
  } catch {
    return null
  }
}

export async function startSpaServer(root: string): Promise<RunningServer> {
  const server: Server = createServer((req, res) => {
    const urlPath = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
    void (async () => {
      // An asset path (with an extension) that does not exist is a real 404: only routes fall back.
      const file = (await fileIn(root, urlPath)) ?? (extname(urlPath) === '' ? join(root, 'index.html') : null)
      if (!file) {
        res.writeHead(404, {'content-type': 'text/plain; charset=utf-8'}).end(`Not found: ${urlPath}`)
        return
      }
      const body = await readFile(file)
      res.writeHead(200, {'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache'}).end(body)
    })().catch((error: unknown) => {
      res.writeHead(500, {'content-type': 'text/plain; charset=utf-8'}).end(String(error))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const {port} = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  }
}
