// What goes into the page script, the one script of every page: its behaviours, and nothing that only
// the server uses. Its size is the bench's business (npm run bench); this checks what it is made of.
import path from 'node:path'
import {build} from 'esbuild'
import {describe, expect, it} from 'vitest'
import {BASE_URL_BANNER_SCRIPT, PRE_PAINT_SCRIPT, SIDEBAR_OPEN_SCRIPT} from '../../components/inline-scripts'
import {SPECULATION_RULES} from '../../components/speculation-rules'
import {esbuildCommon, publicDefines} from '../client-bundle'

const webDir = path.resolve(import.meta.dirname, '../../..')

async function pageScript(): Promise<{code: string; modules: string[]}> {
  const result = await build({
    ...esbuildCommon(webDir),
    minify: true,
    write: false,
    metafile: true,
    outdir: path.join(webDir, '.next/client-bundle-test'),
    entryPoints: [path.join(webDir, 'src/client/main.ts')],
    external: ['/_site/*'],
    define: {
      ...publicDefines({NODE_ENV: 'production'}),
      __SEARCH_ISLAND_JS__: JSON.stringify('/_site/search-island.js'),
      __SEARCH_ISLAND_CSS__: JSON.stringify('/_site/search-island.css'),
      __SEARCH_ISLAND_CHUNKS__: JSON.stringify(['/_site/search-island.js']),
      __SEARCH_STEMMER_CHUNKS__: JSON.stringify({fr: '/_site/fr.js'}),
      __SEARCH_TYPESENSE__: 'false',
    },
  })
  const [output] = Object.values(result.metafile.outputs)
  return {
    code: result.outputFiles[0]?.text ?? '',
    modules: Object.keys(output?.inputs ?? {}).map((input) => path.relative(webDir, path.resolve(webDir, input))),
  }
}

describe('the page script', () => {
  it('carries its behaviours and the speculation rules it adds', async () => {
    const {code, modules} = await pageScript()
    for (const module of ['src/components/behaviours.ts', 'src/components/widgets.ts', 'src/components/mobile-menu.ts', 'src/client/search-entry.ts'])
      expect(modules).toContain(module)
    expect(code).toContain(SPECULATION_RULES)
  }, 60_000)

  it('carries no schema definitions and none of the inline scripts the server writes', async () => {
    const {code, modules} = await pageScript()
    // The search records it shares with the build reach the schemas package; its Sanity types must stay out.
    expect(modules.filter((module) => /schemas\/src\/(objects\/portable-text|validation|documents|singletons)\b/.test(module))).toEqual([])
    expect(modules.some((module) => module.includes('node_modules/@sanity/'))).toBe(false)
    for (const script of [PRE_PAINT_SCRIPT, SIDEBAR_OPEN_SCRIPT, BASE_URL_BANNER_SCRIPT]) expect(code).not.toContain(script)
  }, 60_000)
})
