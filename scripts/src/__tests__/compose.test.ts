/**
 * Static checks of docker-compose.yml, the Dockerfiles and nginx configurations of deploy/ (Docker does
 * not run on the build machine). Each check returns its problems, so the same checks also run on broken
 * copies below: a check that cannot fail would prove nothing.
 */
import {existsSync, readFileSync} from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {parse} from 'yaml'
import {IMMUTABLE_PATHS} from '../serve'
import {FILE_POLICY, REFERRER_POLICY} from '../security/content-security-policy'

const root = path.resolve(import.meta.dirname, '../../..')

interface Service {
  image?: string
  profiles?: string[]
  build?: {context?: string; dockerfile?: string; args?: Record<string, string>}
  environment?: Record<string, string>
  volumes?: string[]
  ports?: string[]
  healthcheck?: {test?: string[]}
  depends_on?: Record<string, {condition?: string}>
}
interface Compose {
  services: Record<string, Service>
  volumes?: Record<string, unknown>
}

const SERVICES = ['typesense', 'indexer', 'site', 'sanity-webhook', 'studio']
const WITH_HEALTHCHECK = ['typesense', 'site', 'sanity-webhook', 'studio']
const NEEDS_HEALTHY_TYPESENSE = ['indexer', 'sanity-webhook']
/** Images that ship to readers' or editors' browsers: only public values may be built into them. */
const PUBLIC_IMAGES = ['site', 'studio']
const SECRET = /TYPESENSE_ADMIN_API_KEY|SANITY_[A-Z_]*TOKEN|SANITY_WEBHOOK_SECRET/
const WEBHOOK_ENV = [
  'SANITY_WEBHOOK_SECRET',
  'SANITY_PROJECT_ID',
  'SANITY_DATASET',
  'SANITY_API_READ_TOKEN',
  'TYPESENSE_HOST',
  'TYPESENSE_PORT',
  'TYPESENSE_PROTOCOL',
  'TYPESENSE_ADMIN_API_KEY',
  'TYPESENSE_COLLECTION',
  'SEARCH_INDEX_STATE',
  'NEXT_PUBLIC_TYPESENSE_HOST',
  'NEXT_PUBLIC_TYPESENSE_PORT',
  'NEXT_PUBLIC_TYPESENSE_PROTOCOL',
  'NEXT_PUBLIC_TYPESENSE_COLLECTION',
  'NEXT_PUBLIC_TYPESENSE_SEARCH_KEY',
  'SITE_RELEASES_DIR',
]

/** A value as compose resolves it with nothing set: `${X:-d}` → d, `${X}` or `${X:?…}` → ''. */
function withDefaults(value: string): string {
  return value.replace(/\$\{[A-Z0-9_]+(?::?-([^}]*))?(?::?\?[^}]*)?\}/g, (_match, fallback: string | undefined) => fallback ?? '')
}

/** An image reference pinned to a version: a tag with a digit, never latest. */
function isPinned(image: string): boolean {
  const tag = /:([^/:]+)$/.exec(image)?.[1]
  return tag !== undefined && tag !== 'latest' && /\d/.test(tag)
}

/** `volume:/path` entries of a service, as a map from path to volume. */
function mounts(service: Service | undefined): Map<string, string> {
  return new Map(
    (service?.volumes ?? []).map((entry) => {
      const [volume = '', target = ''] = entry.split(':')
      return [target, volume] as const
    }),
  )
}

/** The container port a service publishes and its host port with nothing set. */
function publishedPorts(service: Service | undefined): Array<{host: string; container: string}> {
  return (service?.ports ?? []).map((entry) => {
    const resolved = withDefaults(entry)
    const container = resolved.slice(resolved.lastIndexOf(':') + 1)
    return {host: resolved.slice(0, resolved.lastIndexOf(':')), container}
  })
}

function serviceProblems(compose: Compose): string[] {
  const problems: string[] = []
  const services = compose.services ?? {}
  for (const name of SERVICES) if (!services[name]) problems.push(`service ${name} is missing`)
  for (const [name, service] of Object.entries(services)) {
    if (service.image !== undefined && !isPinned(service.image)) problems.push(`${name}: image ${service.image} is not pinned to a version`)
    if (service.image === undefined && !service.build?.dockerfile) problems.push(`${name}: neither an image nor a Dockerfile`)
  }
  for (const name of WITH_HEALTHCHECK) {
    if (!services[name]?.healthcheck?.test?.length) problems.push(`${name}: no healthcheck`)
  }
  for (const name of NEEDS_HEALTHY_TYPESENSE) {
    const condition = services[name]?.depends_on?.typesense?.condition
    if (condition !== 'service_healthy') problems.push(`${name}: depends_on typesense has condition ${condition}, not service_healthy`)
  }
  const webhook = services['sanity-webhook']
  if (!webhook?.healthcheck?.test?.join(' ').includes('4100/health')) problems.push('sanity-webhook: the healthcheck does not ask GET /health on port 4100')
  if (!publishedPorts(webhook).some((port) => port.container === '4100' && port.host === '4100'))
    problems.push('sanity-webhook: port 4100 is not published (default 4100)')
  if (!publishedPorts(services.studio).some((port) => port.container === '80' && port.host === '3333'))
    problems.push('studio: port 80 is not published on 3333 by default')
  for (const name of WEBHOOK_ENV) {
    if (webhook?.environment?.[name] === undefined) problems.push(`sanity-webhook: environment lacks ${name}`)
  }
  // The receiver listens on 127.0.0.1 unless told otherwise: in a container, the published port needs 0.0.0.0.
  if (webhook?.environment?.WEBHOOK_HOST !== '0.0.0.0') problems.push('sanity-webhook: WEBHOOK_HOST is not 0.0.0.0, so the published port 4100 reaches nothing')
  if (!/^\$\{WEBHOOK_STEP_TIMEOUT:-\d+\}$/.test(webhook?.environment?.WEBHOOK_STEP_TIMEOUT ?? ''))
    problems.push('sanity-webhook: WEBHOOK_STEP_TIMEOUT has no default: a hung build would block every publish')
  // The publish must land where nginx reads, and the reindex must see the indexer's state.
  const releases = webhook?.environment?.SITE_RELEASES_DIR ?? ''
  const releasesVolume = mounts(webhook).get(releases)
  if (!releasesVolume) problems.push(`sanity-webhook: no volume mounted at SITE_RELEASES_DIR (${releases})`)
  if (releasesVolume && mounts(services.site).get(releases) !== releasesVolume)
    problems.push(`site: does not mount ${releasesVolume} at ${releases}, where sanity-webhook publishes`)
  const state = webhook?.environment?.SEARCH_INDEX_STATE ?? ''
  if (state !== services.indexer?.environment?.SEARCH_INDEX_STATE) problems.push('sanity-webhook and indexer: SEARCH_INDEX_STATE differs')
  const stateVolume = mounts(webhook).get(path.posix.dirname(state))
  if (!stateVolume || mounts(services.indexer).get(path.posix.dirname(state)) !== stateVolume)
    problems.push('sanity-webhook and indexer: the folder of SEARCH_INDEX_STATE is not one shared volume')
  for (const service of Object.values(services)) {
    for (const volume of mounts(service).values()) {
      if (!volume.startsWith('.') && !volume.startsWith('/') && !(volume in (compose.volumes ?? {}))) problems.push(`volume ${volume} is not declared`)
    }
  }
  return problems
}

/** The Dockerfile of a service, with the lines that build its image. */
function dockerfileOf(service: Service): {file: string; lines: string[]} | null {
  if (!service.build?.dockerfile) return null
  const file = path.join(root, service.build.context ?? '.', service.build.dockerfile)
  return {file, lines: existsSync(file) ? readFileSync(file, 'utf8').split('\n') : []}
}

function secretProblems(compose: Compose, readDockerfile: (service: Service) => string[] = (service) => dockerfileOf(service)?.lines ?? []): string[] {
  const problems: string[] = []
  for (const name of PUBLIC_IMAGES) {
    const service = compose.services[name]
    if (!service) continue
    for (const [arg, value] of Object.entries(service.build?.args ?? {})) {
      if (SECRET.test(arg) || SECRET.test(value)) problems.push(`${name}: build arg ${arg}=${value} carries a secret into the image`)
    }
    for (const [variable, value] of Object.entries(service.environment ?? {})) {
      if (SECRET.test(variable) || SECRET.test(value)) problems.push(`${name}: environment ${variable} is a secret`)
    }
    readDockerfile(service).forEach((line, index) => {
      if (/^\s*(ARG|ENV)\b/i.test(line) && SECRET.test(line))
        problems.push(`${name}: ${service.build?.dockerfile}:${index + 1} declares a secret: ${line.trim()}`)
    })
  }
  // No image at all is built with a secret: the webhook and the indexer get theirs at run time.
  for (const [name, service] of Object.entries(compose.services)) {
    if (PUBLIC_IMAGES.includes(name)) continue
    for (const arg of Object.keys(service.build?.args ?? {})) if (SECRET.test(arg)) problems.push(`${name}: build arg ${arg} is a secret`)
    readDockerfile(service).forEach((line, index) => {
      if (/^\s*(ARG|ENV)\b/i.test(line) && SECRET.test(line)) problems.push(`${name}: ${service.build?.dockerfile}:${index + 1} declares a secret`)
    })
  }
  return problems
}

/** Sources of the COPY lines that read the build context (not another stage). */
function copySources(lines: string[]): Array<{source: string; line: number}> {
  const sources: Array<{source: string; line: number}> = []
  lines.forEach((text, index) => {
    const match = /^\s*COPY\s+(.*)$/i.exec(text)
    if (!match?.[1] || /--from=/.test(match[1])) return
    const words = match[1].split(/\s+/).filter((word) => word && !word.startsWith('--'))
    for (const source of words.slice(0, -1)) sources.push({source, line: index + 1})
  })
  return sources
}

function dockerfileProblems(compose: Compose): string[] {
  const problems: string[] = []
  for (const [name, service] of Object.entries(compose.services)) {
    const dockerfile = dockerfileOf(service)
    if (!dockerfile) continue
    const relative = path.relative(root, dockerfile.file)
    if (!existsSync(dockerfile.file)) {
      problems.push(`${name}: ${relative} does not exist`)
      continue
    }
    const context = path.join(root, service.build?.context ?? '.')
    for (const {source, line} of copySources(dockerfile.lines)) {
      if (source !== '.' && !existsSync(path.join(context, source))) problems.push(`${relative}:${line}: COPY source ${source} does not exist`)
    }
    dockerfile.lines.forEach((text, index) => {
      const image = /^\s*FROM\s+(\S+)/i.exec(text)?.[1]
      if (image && !isPinned(image)) problems.push(`${relative}:${index + 1}: base image ${image} is not pinned`)
    })
    const ignoreFile = `${dockerfile.file}.dockerignore`
    const ignored = existsSync(ignoreFile)
      ? readFileSync(ignoreFile, 'utf8')
          .split('\n')
          .map((entry) => entry.trim())
      : []
    for (const entry of ['.env', 'node_modules', '.git']) {
      if (!ignored.includes(entry)) problems.push(`${relative}.dockerignore does not leave out ${entry}`)
    }
  }
  return problems
}

function siteNginxProblems(conf: string, releasesDir: string): string[] {
  const problems: string[] = []
  if (!conf.includes(`root ${releasesDir}/current;`)) problems.push(`the root is not ${releasesDir}/current, the release sanity-webhook publishes`)
  // /path → path/index.html and /path/ → path//index.html (same file); no redirect to either form.
  if (!/try_files \$uri \$uri\/index\.html /.test(conf)) problems.push('try_files does not serve $uri/index.html for both /path and /path/')
  if (!/error_page 404 \/404\.html;/.test(conf)) problems.push('no not-found page (error_page 404 /404.html)')
  for (const locale of ['fr', 'pt-br', 'zh-CN']) {
    if (!conf.includes(`error_page 404 /${locale}/404.html;`)) problems.push(`no not-found page for ${locale}`)
  }
  if (/\brewrite\b|return 30[12]/.test(conf)) problems.push('a redirect between /path and /path/')
  // The content's redirects are 301s of a file the build writes (web/src/build/redirect-pages.ts).
  if (!conf.includes('include /etc/nginx/site-redirects.conf;')) problems.push("the content's redirects are not included")
  return problems
}

/** The location blocks of an nginx configuration, each with its own directives (nested blocks left out). */
export function locationBlocks(conf: string): Array<{selector: string; own: string}> {
  const text = conf.replace(/^\s*#.*$/gm, '')
  const blocks: Array<{selector: string; own: string}> = []
  for (const match of text.matchAll(/location\s+((?:[=~^*]+\s+)?(?:"[^"]*"|[^\s{"]+))\s*\{/g)) {
    let depth = 1
    let own = ''
    let quoted = false
    for (let index = (match.index ?? 0) + match[0].length; index < text.length && depth > 0; index++) {
      const char = text[index]!
      if (char === '"') quoted = !quoted
      else if (!quoted && char === '{') depth++
      else if (!quoted && char === '}') depth--
      if (depth === 1 && !(char === '}' && !quoted)) own += char
    }
    blocks.push({selector: match[1]!.trim(), own})
  }
  return blocks
}

const PAGE_HEADERS = '/etc/nginx/snippets/site-page-headers.conf'
const FILE_HEADERS = '/etc/nginx/snippets/site-file-headers.conf'
const IMMUTABLE = 'add_header Cache-Control "public, max-age=31536000, immutable" always;'

/**
 * The security and caching of the site's nginx: no version in answers, the header files in every
 * location (nginx drops the server's add_header where a location has its own), those files holding
 * the values of scripts/src/security/, files from content sandboxed, hashed bundles and content-addressed
 * images cached for good, and an image that builds the policy and checks the links.
 */
function siteSecurityProblems(conf: string, pageHeaders: string, fileHeaders: string, dockerfile: string): string[] {
  const problems: string[] = []
  if (!/^\s*server_tokens off;/m.test(conf)) problems.push('server_tokens is not off: answers name the nginx version')
  const blocks = locationBlocks(conf)
  for (const {selector, own} of blocks) {
    if (!own.includes(`include ${PAGE_HEADERS};`) && !own.includes(`include ${FILE_HEADERS};`)) problems.push(`location ${selector} sends no security headers`)
    if (/add_header\s/.test(own) && /add_header[^;]*;/.test(own) && !/add_header[^;]* always;/.test(own))
      problems.push(`location ${selector}: add_header without always (404 pages would lack it)`)
  }
  const fileSelectors = blocks.filter((block) => block.own.includes(FILE_HEADERS)).map((block) => block.selector)
  if (!fileSelectors.includes('^~ /_dataset/')) problems.push('/_dataset/ (images from content) is not served with the file headers')
  if (!fileSelectors.some((selector) => /svg/.test(selector))) problems.push('SVGs are not served with the file headers')
  if (blocks.some((block) => block.selector === '^~ /_dataset/' && !block.own.includes(FILE_HEADERS))) problems.push('/_dataset/ lacks the file headers')
  // Each immutable location must match the paths serve.ts caches for good, and only named-by-content ones.
  const samples = [
    '/_next/static/chunks/app-1a2b.js',
    '/_site/main-XYMBTFAH.js',
    '/_site/search-island-MCHNIXM5.css',
    '/_dataset/images/570a56a35cd41c75f0f81703cfdf7271ec3b596d-640x320.svg',
    '/_dataset/files/097d27c4c3eb9983cea4d5c2db16fdc55b37178d.svg',
  ]
  const immutableRegexes = blocks.filter((block) => block.own.includes(IMMUTABLE)).map((block) => block.selector)
  for (const sample of samples) {
    if (!IMMUTABLE_PATHS.some((pattern) => pattern.test(sample))) problems.push(`serve.ts does not cache ${sample} for good`)
    const matched = immutableRegexes.some((selector) => {
      const regex = /^~\*? "(.+)"$/.exec(selector)?.[1]
      return regex ? new RegExp(regex).test(sample) : sample.startsWith(selector.replace(/^\^~ /, ''))
    })
    if (!matched) problems.push(`${sample} is not cached for good`)
  }
  for (const mutable of ['/_site/page-policy.json', '/_dataset/images/notes.txt', '/_dataset/files/notes.txt', '/docs/v4/rooms/']) {
    if (
      immutableRegexes.some((selector) => {
        const regex = /^~\*? "(.+)"$/.exec(selector)?.[1]
        return regex ? new RegExp(regex).test(mutable) : selector.startsWith('^~') && mutable.startsWith(selector.slice(3)) && !selector.includes('_dataset')
      })
    )
      problems.push(`${mutable} would be cached for good`)
  }
  if (!pageHeaders.includes('include /etc/nginx/site-csp.conf;')) problems.push('the page headers do not include the generated Content-Security-Policy')
  for (const [file, text] of [
    ['page', pageHeaders],
    ['file', fileHeaders],
  ] as const) {
    if (!text.includes('add_header X-Content-Type-Options "nosniff" always;')) problems.push(`the ${file} headers lack X-Content-Type-Options: nosniff`)
    if (!text.includes(`add_header Referrer-Policy "${REFERRER_POLICY}" always;`)) problems.push(`the ${file} headers lack Referrer-Policy: ${REFERRER_POLICY}`)
  }
  if (!fileHeaders.includes(`add_header Content-Security-Policy "${FILE_POLICY}" always;`))
    problems.push(`the file headers' policy is not FILE_POLICY (${FILE_POLICY})`)
  if (!/check-links\.ts web\/out/.test(dockerfile)) problems.push('the site image is built without the link check')
  if (
    !/content-security-policy\.ts --nginx web\/out[^\n]*--out web\/out\/_site\/nginx-csp\.conf && cp web\/out\/_site\/nginx-csp\.conf \/app\/site-csp\.conf/.test(
      dockerfile,
    ) ||
    !dockerfile.includes('/etc/nginx/site-csp.conf')
  )
    problems.push('the site image does not write the policy to /etc/nginx/site-csp.conf')
  if (!/COPY deploy\/site-policy-watch\.sh \/docker-entrypoint\.d\/4\d-site-policy-watch\.sh/.test(dockerfile))
    problems.push("the site image does not run deploy/site-policy-watch.sh: nginx would keep the policy of the image's own build")
  if (!dockerfile.includes('cp web/out/_site/nginx-redirects.conf /app/site-redirects.conf') || !dockerfile.includes('/etc/nginx/site-redirects.conf'))
    problems.push("the site image does not put the build's redirects in /etc/nginx/site-redirects.conf")
  for (const [source, target] of [
    ['deploy/nginx-page-headers.conf', PAGE_HEADERS],
    ['deploy/nginx-file-headers.conf', FILE_HEADERS],
  ]) {
    if (!dockerfile.includes(`COPY ${source} ${target}`)) problems.push(`the site image does not copy ${source} to ${target}`)
  }
  return problems
}

function studioNginxProblems(conf: string): string[] {
  const problems: string[] = []
  if (!/location \/ \{[^}]*try_files \$uri \$uri\/ \/index\.html;/.test(conf)) problems.push('no fallback to index.html for the routes of the studio')
  // nginx reads an unquoted `{` of a regex as the start of the block (nginx -t: unknown directive).
  for (const match of conf.matchAll(/location ~\*? (\S+) \{/g))
    if (match[1]!.includes('{') && !match[1]!.startsWith('"')) problems.push(`location regex ${match[1]} must be quoted`)
  return problems
}

const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8')) as Compose
const siteConf = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8')
const studioConf = readFileSync(path.join(root, 'deploy/studio-nginx.conf'), 'utf8')
const pageHeaders = readFileSync(path.join(root, 'deploy/nginx-page-headers.conf'), 'utf8')
const fileHeaders = readFileSync(path.join(root, 'deploy/nginx-file-headers.conf'), 'utf8')
const siteDockerfile = readFileSync(path.join(root, 'deploy/site.Dockerfile'), 'utf8')
const broken = (change: (copy: Compose) => void): Compose => {
  const copy = structuredClone(compose)
  change(copy)
  return copy
}

describe('docker-compose.yml', () => {
  it('holds every service, pinned, with healthchecks, the right start order, ports and shared volumes', () => {
    expect(serviceProblems(compose)).toEqual([])
  })

  it('builds no secret into any image, least of all the site and the studio', () => {
    expect(secretProblems(compose)).toEqual([])
    expect(compose.services.studio?.build?.args).toHaveProperty('SANITY_STUDIO_PROJECT_ID')
  })

  it('names Dockerfiles that exist, whose COPY sources exist and whose base images are pinned', () => {
    expect(dockerfileProblems(compose)).toEqual([])
    expect(
      Object.entries(compose.services)
        .filter(([, service]) => service.build)
        .map(([name]) => name)
        .sort(),
    ).toEqual(['indexer', 'preview', 'sanity-webhook', 'site', 'studio'])
  })

  it('keeps the studio, the webhook and the preview server behind the sanity profile, so that a plain `up` needs no Sanity project', () => {
    for (const name of ['studio', 'sanity-webhook', 'preview']) expect(compose.services[name]?.profiles).toEqual(['sanity'])
    // compose reads a `${X:?…}` of a service even when its profile is off.
    for (const name of ['studio', 'sanity-webhook', 'preview']) expect(JSON.stringify(compose.services[name])).not.toContain(':?')
  })
})

describe('deploy/nginx.conf and deploy/studio-nginx.conf', () => {
  it('serve the site from the current release with its not-found pages, and the studio with its SPA fallback', () => {
    expect(siteNginxProblems(siteConf, compose.services.site?.environment?.SITE_RELEASES_DIR ?? '')).toEqual([])
    expect(studioNginxProblems(studioConf)).toEqual([])
  })
})

describe('deploy/nginx.conf: security headers and caching', () => {
  it('hides its version, sends the security headers from every location, sandboxes files from content and caches named-by-content files for good', () => {
    expect(siteSecurityProblems(siteConf, pageHeaders, fileHeaders, siteDockerfile)).toEqual([])
  })

  it('catches a location without headers, server_tokens on, a lost sandbox, a missing link check or policy', () => {
    const check = (conf = siteConf, page = pageHeaders, file = fileHeaders, dockerfile = siteDockerfile) => siteSecurityProblems(conf, page, file, dockerfile)
    expect(check(siteConf.replace('server_tokens off;', ''))).toEqual(['server_tokens is not off: answers name the nginx version'])
    expect(check(siteConf.replace(/(location \/_search\/ \{\n)\s*include [^\n]+\n/, '$1'))).toEqual(['location /_search/ sends no security headers'])
    expect(check(siteConf.replace('add_header Cache-Control "no-cache" always;', 'add_header Cache-Control "no-cache";'))).toEqual([
      'location /_search/: add_header without always (404 pages would lack it)',
    ])
    expect(check(siteConf.replaceAll(`include ${FILE_HEADERS};`, `include ${PAGE_HEADERS};`))).toEqual(
      expect.arrayContaining(['/_dataset/ (images from content) is not served with the file headers', 'SVGs are not served with the file headers']),
    )
    expect(check(siteConf.replace('[A-Z0-9]{8}', '[a-z]{8}'))).toEqual([
      '/_site/main-XYMBTFAH.js is not cached for good',
      '/_site/search-island-MCHNIXM5.css is not cached for good',
    ])
    expect(check(undefined, undefined, fileHeaders.replace('sandbox; ', ''))).toEqual([`the file headers' policy is not FILE_POLICY (${FILE_POLICY})`])
    expect(check(undefined, pageHeaders.replace(/.*nosniff.*\n/, ''))).toEqual(['the page headers lack X-Content-Type-Options: nosniff'])
    expect(check(undefined, undefined, undefined, siteDockerfile.replace(' && npx tsx scripts/src/check-links.ts web/out', ''))).toEqual([
      'the site image is built without the link check',
    ])
    expect(check(undefined, undefined, undefined, siteDockerfile.replace('cp web/out/_site/nginx-csp.conf /app/site-csp.conf', 'true'))).toEqual([
      'the site image does not write the policy to /etc/nginx/site-csp.conf',
    ])
    expect(check(undefined, undefined, undefined, siteDockerfile.replace(/COPY deploy\/site-policy-watch\.sh .*\n/, ''))).toEqual([
      "the site image does not run deploy/site-policy-watch.sh: nginx would keep the policy of the image's own build",
    ])
  })
})

describe('the checks catch what they are for', () => {
  it('a missing service, an unpinned image, a missing healthcheck, a wrong start condition or port', () => {
    expect(
      serviceProblems(
        broken((copy) => {
          delete copy.services.studio
        }),
      ),
    ).toContain('service studio is missing')
    expect(
      serviceProblems(
        broken((copy) => {
          copy.services.typesense!.image = 'typesense/typesense:latest'
        }),
      ),
    ).toContain('typesense: image typesense/typesense:latest is not pinned to a version')
    expect(
      serviceProblems(
        broken((copy) => {
          delete copy.services['sanity-webhook']!.healthcheck
        }),
      ),
    ).toContain('sanity-webhook: no healthcheck')
    expect(
      serviceProblems(
        broken((copy) => {
          copy.services['sanity-webhook']!.depends_on!.typesense = {condition: 'service_started'}
        }),
      ),
    ).toContain('sanity-webhook: depends_on typesense has condition service_started, not service_healthy')
    expect(
      serviceProblems(
        broken((copy) => {
          copy.services.studio!.ports = ['8081:80']
        }),
      ),
    ).toContain('studio: port 80 is not published on 3333 by default')
    expect(
      serviceProblems(
        broken((copy) => {
          delete copy.services['sanity-webhook']!.environment!.TYPESENSE_ADMIN_API_KEY
        }),
      ),
    ).toContain('sanity-webhook: environment lacks TYPESENSE_ADMIN_API_KEY')
    expect(
      serviceProblems(
        broken((copy) => {
          delete copy.services['sanity-webhook']!.environment!.WEBHOOK_HOST
        }),
      ),
    ).toEqual(['sanity-webhook: WEBHOOK_HOST is not 0.0.0.0, so the published port 4100 reaches nothing'])
    expect(
      serviceProblems(
        broken((copy) => {
          copy.services['sanity-webhook']!.environment!.WEBHOOK_STEP_TIMEOUT = '${WEBHOOK_STEP_TIMEOUT}'
        }),
      ),
    ).toEqual(['sanity-webhook: WEBHOOK_STEP_TIMEOUT has no default: a hung build would block every publish'])
  })

  it('a publish that nginx would not see, and a reindex without the indexer state', () => {
    expect(
      serviceProblems(
        broken((copy) => {
          copy.services.site!.volumes = []
        }),
      ),
    ).toContain('site: does not mount site-releases at /srv/site, where sanity-webhook publishes')
    expect(
      serviceProblems(
        broken((copy) => {
          copy.services['sanity-webhook']!.volumes = ['site-releases:/srv/site']
        }),
      ),
    ).toContain('sanity-webhook and indexer: the folder of SEARCH_INDEX_STATE is not one shared volume')
    expect(siteNginxProblems(siteConf.replace('/srv/site/current', '/usr/share/nginx/html'), '/srv/site')).toHaveLength(1)
  })

  it('a secret in the build args, environment or Dockerfile of the site or the studio', () => {
    expect(
      secretProblems(
        broken((copy) => {
          copy.services.site!.build!.args!.SANITY_API_READ_TOKEN = '${SANITY_API_READ_TOKEN:-}'
        }),
      ),
    ).toEqual(['site: build arg SANITY_API_READ_TOKEN=${SANITY_API_READ_TOKEN:-} carries a secret into the image'])
    expect(
      secretProblems(
        broken((copy) => {
          copy.services.studio!.build!.args!.SANITY_STUDIO_PROJECT_ID = '${TYPESENSE_ADMIN_API_KEY}'
        }),
      ),
    ).toHaveLength(1)
    expect(
      secretProblems(
        broken((copy) => {
          copy.services.studio!.environment = {SANITY_WEBHOOK_SECRET: 'x'}
        }),
      ),
    ).toEqual(['studio: environment SANITY_WEBHOOK_SECRET is a secret'])
    const leaky = (service: Service) => (service === compose.services.studio ? ['FROM node:22.12', 'ARG SANITY_AUTH_TOKEN'] : [])
    expect(secretProblems(compose, leaky)).toEqual(['studio: deploy/studio.Dockerfile:2 declares a secret: ARG SANITY_AUTH_TOKEN'])
  })

  it('a Dockerfile or a COPY source that does not exist', () => {
    expect(
      dockerfileProblems(
        broken((copy) => {
          copy.services.studio!.build!.dockerfile = 'deploy/nope.Dockerfile'
        }),
      ),
    ).toEqual(['studio: deploy/nope.Dockerfile does not exist'])
    expect(copySources(['COPY --from=build /app/out /x', 'COPY deploy/a.conf deploy/b.sh /etc/', 'COPY . .'])).toEqual([
      {source: 'deploy/a.conf', line: 2},
      {source: 'deploy/b.sh', line: 2},
      {source: '.', line: 3},
    ])
  })

  it("an nginx configuration or a site image without the content's redirects", () => {
    expect(siteNginxProblems(siteConf.replace('include /etc/nginx/site-redirects.conf;', ''), '/srv/site')).toEqual([
      "the content's redirects are not included",
    ])
    expect(
      siteSecurityProblems(
        siteConf,
        pageHeaders,
        fileHeaders,
        siteDockerfile.replace(' && cp web/out/_site/nginx-redirects.conf /app/site-redirects.conf', ''),
      ),
    ).toEqual(["the site image does not put the build's redirects in /etc/nginx/site-redirects.conf"])
  })

  it('an nginx configuration without not-found pages, /path/ handling or the studio fallback', () => {
    expect(siteNginxProblems(siteConf.replaceAll('error_page 404 /404.html;', ''), '/srv/site')).toEqual(['no not-found page (error_page 404 /404.html)'])
    expect(siteNginxProblems(siteConf.replaceAll('$uri $uri/index.html', '$uri'), '/srv/site')).toEqual([
      'try_files does not serve $uri/index.html for both /path and /path/',
    ])
    expect(studioNginxProblems(studioConf.replace('/index.html;\n  }', '=404;\n  }'))).toHaveLength(1)
    expect(studioNginxProblems(studioConf.replace(/location ~ "([^"]+)"/, 'location ~ $1'))).toEqual([
      'location regex ^/static/.+-[A-Za-z0-9_-]{8}\\.(js|css)$ must be quoted',
    ])
  })
})
