// The files of the development server's page script (build/dev-client.ts), apart from esbuild so that pages can name them.

/** Where pages of next dev load the page script and the search island from (web/app/%5Fsite/dev/). */
export const DEV_SCRIPT_DIR = '/_site/dev'
export const DEV_FILES = ['main.js', 'island.js', 'island.css'] as const
export type DevFile = (typeof DEV_FILES)[number]
