// The client-redirects plugin's options → redirect documents, as the plugin makes them, and what is reported.
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {DiagnosticLog, formatDiagnostic} from '../../diagnostics'
import {buildRedirects, checkRedirects, planRedirects} from '../redirects'

const PAGES = ['/', '/docs/v4/', '/docs/v4/rooms/', '/docs/v4/how-it-works/', '/blog/hello/']

describe('planRedirects', () => {
  it('makes redirects of each option: redirects (one or several froms), fromExtensions, toExtensions, createRedirects', () => {
    const planned = planRedirects(
      {
        redirects: [{from: ['/docs/v4/old-rooms', 'docs/v4/older-rooms'], to: '/docs/v4/rooms/'}],
        fromExtensions: ['html'],
        toExtensions: ['htm'],
        createRedirects: (existing: string) => (existing.startsWith('/blog/') ? existing.replace('/blog/', '/news/') : undefined),
      },
      [...PAGES, '/legacy/page.htm'],
      () => {},
    )
    expect(planned).toEqual([
      {from: '/docs/v4/old-rooms', to: '/docs/v4/rooms/', origin: 'redirects[0]'},
      {from: '/docs/v4/older-rooms', to: '/docs/v4/rooms/', origin: 'redirects[0]'},
      {from: '/docs/v4.html', to: '/docs/v4', origin: 'fromExtensions'},
      {from: '/docs/v4/rooms.html', to: '/docs/v4/rooms', origin: 'fromExtensions'},
      {from: '/docs/v4/how-it-works.html', to: '/docs/v4/how-it-works', origin: 'fromExtensions'},
      {from: '/blog/hello.html', to: '/blog/hello', origin: 'fromExtensions'},
      {from: '/legacy/page', to: '/legacy/page.htm', origin: 'toExtensions'},
      {from: '/news/hello', to: '/blog/hello', origin: 'createRedirects'},
    ])
  })

  it('names an option that throws or is malformed', () => {
    const errors: string[] = []
    planRedirects(
      {
        redirects: [{from: 3, to: '/x'}],
        createRedirects: () => {
          throw new Error('boom')
        },
      },
      ['/a/'],
      (field, message) => errors.push(`${field}: ${message}`),
    )
    expect(errors).toEqual(['redirects[0]: is not {from: string | string[], to: string}', 'createRedirects: threw for /a: boom'])
  })
})

describe('checkRedirects', () => {
  it('keeps redirects that reach a page (through others too) and leaves out the rest, saying why', () => {
    const {kept, dropped} = checkRedirects(
      [
        {from: '/old', to: '/docs/v4/rooms', origin: 'redirects[0]'},
        {from: '/older', to: '/old', origin: 'redirects[1]'},
        {from: '/a', to: '/b', origin: 'redirects[2]'},
        {from: '/b', to: '/a/', origin: 'redirects[3]'},
        {from: '/gone', to: '/docs/v4/nothing/', origin: 'redirects[4]'},
        {from: '/docs/v4/rooms/', to: '/docs/v4/', origin: 'redirects[5]'},
        {from: '/old/', to: '/docs/v4/', origin: 'redirects[6]'},
        {from: '/ext', to: 'https://example.com/', origin: 'redirects[7]'},
      ],
      PAGES,
    )
    expect(kept.map((redirect) => redirect.from)).toEqual(['/old', '/older', '/ext'])
    expect(dropped.map(({redirect, reason}) => [redirect.from, typeof reason === 'string' ? reason : reason.kind])).toEqual([
      ['/docs/v4/rooms/', 'existing-page'],
      ['/old/', 'duplicate'],
      ['/a', 'loop'],
      ['/b', 'loop'],
      ['/gone', 'missing'],
    ])
  })
})

describe('buildRedirects', () => {
  it('writes redirect documents, the target as the page is written, and warns about a loop and a missing page with the config line', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'redirects-'))
    const config = [
      'export default {',
      '  plugins: [',
      "    ['@docusaurus/plugin-client-redirects', {",
      '      redirects: [',
      "        {from: '/old-rooms', to: '/docs/v4/rooms'},",
      "        {from: '/ping', to: '/pong'},",
      "        {from: '/pong', to: '/ping'},",
      "        {from: '/lost', to: '/docs/v4/lost/'},",
      '      ],',
      '    }],',
      '  ],',
      '}',
    ].join('\n')
    writeFileSync(path.join(dir, 'docusaurus.config.js'), config)
    const log = new DiagnosticLog()
    const plugin = {
      redirects: [
        {from: '/old-rooms', to: '/docs/v4/rooms'},
        {from: '/ping', to: '/pong'},
        {from: '/pong', to: '/ping'},
        {from: '/lost', to: '/docs/v4/lost/'},
      ],
    }
    const documents = buildRedirects(dir, 'docusaurus.config.js', {plugins: [['@docusaurus/plugin-client-redirects', plugin]]}, PAGES, log)
    expect(documents).toEqual([
      {
        _id: 'redirect-old-rooms',
        _type: 'redirect',
        from: '/old-rooms',
        to: '/docs/v4/rooms/',
        origin: 'docusaurus.config.js, plugins[0][1].redirects[0]',
      },
    ])
    expect(log.warnings.map(formatDiagnostic)).toEqual([
      'docusaurus.config.js:6: plugins[0][1].redirects[1]: the redirects /ping → /pong → /ping loop without reaching a page: not imported; make the last one lead to a page',
      'docusaurus.config.js:7: plugins[0][1].redirects[2]: the redirects /pong → /ping → /pong loop without reaching a page: not imported; make the last one lead to a page',
      "docusaurus.config.js:8: plugins[0][1].redirects[3]: the redirect /lost → /docs/v4/lost/ leads to /docs/v4/lost/, which is not a page of the site: not imported (Docusaurus's build refuses it too)",
    ])
  })
})
