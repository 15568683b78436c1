/**
 * The page's settings for its script (web/src/client/main.ts), as JSON in the page: the docs
 * versions (version memory) and whether the colour mode follows the system.
 */
import type {PageConfig} from '../client/page-config'
import {ID} from './seam'

/** JSON safe inside a <script> element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}

export function PageScriptConfig({config}: {config: PageConfig}) {
  return <script type="application/json" id={ID.pageConfig} dangerouslySetInnerHTML={{__html: scriptJson(config)}} />
}
