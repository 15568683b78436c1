/** Where the themed site of the theme's end-to-end tests comes from and is built, shared by its config, server and specs. */
import {join, resolve} from 'node:path'

export const REPO_ROOT = resolve(import.meta.dirname, '../..')
/** The kitchen-sink Docusaurus fixture: a site of our own with brand colours, a dark footer and an icon link drawn by a class. */
export const THEMED_SITE = join(REPO_ROOT, 'importer/src/__tests__/__fixtures__/kitchen-sink')
/** Its dataset, imported by the server script. */
export const THEMED_DATASET = join(REPO_ROOT, '.generated/theme-e2e/dataset')
/** Its export, relative to web/ (SITE_OUT_DIR): beside web/out, never in place of it. */
export const THEMED_OUT = '.theme-e2e-out'
export const THEMED_OUT_DIR = join(REPO_ROOT, 'web', THEMED_OUT)
