/**
 * The page's settings for its script (web/src/client/main.ts), as JSON in the page: the docs
 * versions (version memory) and whether the colour mode follows the system.
 */
import {DEV_SCRIPT_DIR} from './dev-script-files'
import {ID} from './seam'

/** What the page script reads of the page (client/page-config.ts). */
export interface PageConfig {
  versions: string[]
  respectSystemColorMode: boolean
}

/** JSON safe inside a <script> element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}

export function PageScriptConfig({config}: {config: PageConfig}) {
  return <script type="application/json" id={ID.pageConfig} dangerouslySetInnerHTML={{__html: scriptJson(config)}} />
}

/**
 * The page script of the development server (next dev), served by web/app/%5Fsite/dev/: the export
 * gets its own, bundled after next build (web/src/build/static-pages.ts), so nothing is rendered here then.
 */
export function DevPageScript() {
  return process.env.NODE_ENV === 'development' ? <script type="module" src={`${DEV_SCRIPT_DIR}/main.js`} /> : null
}
