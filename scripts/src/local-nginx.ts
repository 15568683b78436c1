/**
 * deploy/nginx.conf run by a local nginx, as the site image runs it but with paths of a work folder:
 * the release served through a `current` link, the security headers' files, the release's
 * Content-Security-Policy lines and its redirects in the places the image puts them. Used by the
 * live nginx test and by `npm run bench -- --only serve`.
 */
import {execFileSync} from 'node:child_process'
import {existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync} from 'node:fs'
import path from 'node:path'

/** Debian's nginx, or another one on a usual path; null when none is installed. */
export function nginxBinary(): string | null {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx']) if (existsSync(candidate)) return candidate
  return null
}

export interface LocalNginxOptions {
  /** The repository, for deploy/ and the policy script. */
  repo: string
  /** An empty folder that gets conf/, releases/current, temp/, the pid and the error log. */
  work: string
  /** The release folder served. */
  release: string
  port: number
  /** The nginx lines of the redirects, as the build writes them in _site/nginx-redirects.conf. */
  redirects: string
  /** The main block's tuning: the site image runs one worker per CPU with sendfile. */
  tuning?: 'image' | 'minimal'
}

const MIME_FALLBACK = 'types { text/html html; text/css css; application/javascript js; application/json json; image/svg+xml svg; }'

/** Writes the configuration and returns the main file's path; `nginx -t` has checked it. */
export function writeLocalNginxConfig(nginx: string, options: LocalNginxOptions): string {
  const {repo, work, release, port, redirects, tuning = 'minimal'} = options
  const conf = path.join(work, 'conf')
  mkdirSync(conf)
  mkdirSync(path.join(work, 'releases'))
  symlinkSync(release, path.join(work, 'releases/current'))
  // The policy lines the site image writes from the release's page-policy.json.
  const policy = execFileSync(process.execPath, ['--import', 'tsx', path.join(repo, 'scripts/src/security/content-security-policy.ts'), '--nginx', release], {
    cwd: repo,
    encoding: 'utf8',
  })
  writeFileSync(path.join(conf, 'site-csp.conf'), policy)
  writeFileSync(path.join(conf, 'site-redirects.conf'), redirects)
  const local = (text: string) =>
    text
      .replaceAll('/etc/nginx/site-csp.conf', path.join(conf, 'site-csp.conf'))
      .replaceAll('/etc/nginx/site-redirects.conf', path.join(conf, 'site-redirects.conf'))
      .replaceAll('/etc/nginx/snippets/site-page-headers.conf', path.join(conf, 'page-headers.conf'))
      .replaceAll('/etc/nginx/snippets/site-file-headers.conf', path.join(conf, 'file-headers.conf'))
      .replace('/srv/site/current', path.join(work, 'releases/current'))
      .replace('listen 80;', `listen 127.0.0.1:${port};`)
  for (const [from, to] of [
    ['deploy/nginx-page-headers.conf', 'page-headers.conf'],
    ['deploy/nginx-file-headers.conf', 'file-headers.conf'],
    ['deploy/nginx.conf', 'site.conf'],
  ] as const)
    writeFileSync(path.join(conf, to), local(readFileSync(path.join(repo, from), 'utf8')))
  const temp = path.join(work, 'temp')
  mkdirSync(temp)
  const image = tuning === 'image'
  writeFileSync(
    path.join(conf, 'nginx.conf'),
    `daemon off;
${image ? 'worker_processes auto;\n' : ''}pid ${path.join(work, 'nginx.pid')};
error_log ${path.join(work, 'error.log')};
events {${image ? ' worker_connections 1024; ' : ''}}
http {
  ${existsSync('/etc/nginx/mime.types') ? 'include /etc/nginx/mime.types;' : MIME_FALLBACK}
  access_log off;
${image ? '  sendfile on;\n' : ''}  client_body_temp_path ${temp}/body; proxy_temp_path ${temp}/proxy; fastcgi_temp_path ${temp}/fastcgi; uwsgi_temp_path ${temp}/uwsgi; scgi_temp_path ${temp}/scgi;
  include ${path.join(conf, 'site.conf')};
}
`,
  )
  const main = path.join(conf, 'nginx.conf')
  execFileSync(nginx, ['-t', '-q', '-p', work, '-c', main], {stdio: 'pipe'})
  return main
}
