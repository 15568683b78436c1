// Static checks of docker-compose.yml and deploy/ (no Docker daemon here): what each service must hold.
import {execFileSync} from 'node:child_process'
import {readFileSync} from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {parse} from 'yaml'

const root = path.resolve(import.meta.dirname, '../../../..')
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8')) as {
  services: Record<
    string,
    {
      image?: string
      command?: string[]
      volumes?: string[]
      healthcheck?: {test: string[]}
      depends_on?: Record<string, {condition: string}>
      environment?: Record<string, string>
      build?: {dockerfile: string; args?: Record<string, string>}
    }
  >
  volumes: Record<string, unknown>
}

describe('docker-compose.yml', () => {
  it('runs a pinned Typesense with a data volume, the key from the environment and a health check', () => {
    const typesense = compose.services.typesense
    expect(typesense?.image).toMatch(/^typesense\/typesense:\d+\.\d+$/)
    expect(typesense?.volumes).toContain('typesense-data:/data')
    expect(typesense?.command?.join(' ')).toContain('${TYPESENSE_ADMIN_API_KEY:?')
    expect(typesense?.healthcheck?.test.join(' ')).toContain('/health')
    expect(Object.keys(compose.volumes)).toContain('typesense-data')
  })

  it('starts the indexer once Typesense is healthy, on the SEARCH_INDEX_INTERVAL schedule', () => {
    const indexer = compose.services.indexer
    expect(indexer?.depends_on?.typesense?.condition).toBe('service_healthy')
    expect(indexer?.environment?.SEARCH_INDEX_INTERVAL).toContain('SEARCH_INDEX_INTERVAL')
    expect(indexer?.environment?.TYPESENSE_HOST).toBe('typesense')
    const loop = readFileSync(path.join(root, 'deploy/indexer-loop.sh'), 'utf8')
    expect(loop).toContain('scripts/src/search/index-job.ts')
    expect(loop).toContain('sleep "$interval"')
    execFileSync('sh', ['-n', path.join(root, 'deploy/indexer-loop.sh')])
  })

  it('builds the site with public values only: never the admin key', () => {
    const site = compose.services.site
    const args = site?.build?.args ?? {}
    // Public values only: the browser's settings, and the Sanity project's ids for the image policy.
    expect(Object.keys(args).filter((name) => !name.startsWith('NEXT_PUBLIC_'))).toEqual(['SANITY_PROJECT_ID', 'SANITY_DATASET'])
    expect(JSON.stringify(site)).not.toContain('ADMIN')
    expect(readFileSync(path.join(root, site?.build?.dockerfile ?? ''), 'utf8')).not.toContain('ADMIN')
  })
})

describe('deploy/nginx.conf', () => {
  const conf = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8')
  it('serves /path and /path/ from path/index.html and each locale its not-found page', () => {
    expect(conf).toContain('try_files $uri $uri/index.html $uri.html =404;')
    for (const [prefix, page] of [
      ['/', '/404.html'],
      ['/fr/', '/fr/404.html'],
      ['/pt-br/', '/pt-br/404.html'],
      ['/zh-CN/', '/zh-CN/404.html'],
    ] as const) {
      expect(conf).toMatch(new RegExp(`location ${prefix.replace(/\//g, '\\/')} \\{[^}]*error_page 404 ${page.replace(/\//g, '\\/')};`))
    }
  })
})
