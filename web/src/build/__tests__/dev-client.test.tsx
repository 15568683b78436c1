// The development server's page script: next dev's pages load it from /_site/dev/ (the export's do
// not), and it is the export's entry bundled from the current sources. The browser side is checked
// against next dev itself by web/e2e-dev/ (npx playwright test --config web/playwright.dev.config.ts).
import {renderToStaticMarkup} from 'react-dom/server'
import {afterAll, afterEach, describe, expect, it, vi} from 'vitest'
import {DevPageScript} from '../../components/page-script'
import {devClientFile, disposeDevClient} from '../dev-client'
import {DEV_SCRIPT_DIR} from '../../components/dev-script-files'

vi.mock('server-only', () => ({}))

afterEach(() => {
  vi.unstubAllEnvs()
})
afterAll(() => disposeDevClient())

describe('the page script of next dev', () => {
  it('is in the pages of the development server only', () => {
    vi.stubEnv('NODE_ENV', 'development')
    expect(renderToStaticMarkup(<DevPageScript />)).toBe(`<script type="module" src="${DEV_SCRIPT_DIR}/main.js"></script>`)
    vi.stubEnv('NODE_ENV', 'production')
    expect(renderToStaticMarkup(<DevPageScript />)).toBe('')
  })

  it('is bundled from the page script entry, loading the island from the development routes', async () => {
    const main = await devClientFile('main.js')
    expect(main.contentType).toBe('text/javascript; charset=utf-8')
    // Installers of main.ts and the island's address, as the export's script has its hashed one.
    for (const name of ['tabGroups', 'copyButtons', 'colorModeToggle', 'mobileMenu', 'searchEntry', `${DEV_SCRIPT_DIR}/island.js`])
      expect(main.body).toContain(name)
    const [island, css] = await Promise.all([devClientFile('island.js'), devClientFile('island.css')])
    expect(island.body).toContain('renderSearchModal')
    expect(css.contentType).toBe('text/css; charset=utf-8')
    expect(css.body.length).toBeGreaterThan(0)
  }, 60_000)
})
