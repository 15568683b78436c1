/**
 * The preview server for editors (`npm run preview`): the same app run as a Next server with
 * SITE_PREVIEW=1, which renders every page on request, with drafts and click-to-edit markers once
 * the studio's Presentation tool has entered draft mode. Never set for the static export.
 */
import {readSanityToken, type ContentEnv} from './env'

type Env = Record<string, string | undefined>

/** Whether this process is the preview server (read at each call: the export build never sets it). */
export function isPreviewServer(env: Env = process.env): boolean {
  return env.SITE_PREVIEW === '1'
}

export interface PreviewSettings {
  projectId: string
  dataset: string
  apiVersion: string
  apiHost: string | undefined
  /** The read token: drafts are readable with it only. Server-side only. */
  token: string
  /** The studio that edit links of the click-to-edit overlays open (STUDIO_URL). */
  studioUrl: string
}

/** The preview's settings, checked: a preview needs a Sanity project (drafts live there) and a read token. */
export function readPreviewSettings(content: ContentEnv, env: Env = process.env): PreviewSettings {
  if (content.mode !== 'sanity')
    throw new Error('The preview server shows drafts, which live in a Sanity project: set SANITY_PROJECT_ID and SANITY_DATASET (see .env.example)')
  const token = readSanityToken(env)
  if (!token) throw new Error('The preview server needs SANITY_API_READ_TOKEN (a Viewer token) to read drafts and check the studio’s preview secret')
  const studioUrl = env.STUDIO_URL?.trim() || 'http://localhost:3333'
  if (!/^https?:\/\//.test(studioUrl)) throw new Error(`STUDIO_URL must be an http(s) address of the studio, got "${studioUrl}"`)
  const {projectId, dataset, apiVersion, apiHost} = content
  return {projectId, dataset, apiVersion, apiHost, token, studioUrl: studioUrl.replace(/\/+$/, '')}
}

/** The document fields whose strings carry click-to-edit markers (stega): the texts an editor sees as a page's headline and summary. */
export const STEGA_FIELDS: ReadonlySet<string> = new Set(['title', 'heading', 'description', 'summary', 'sidebarLabel'])

/** The cookie in which the studio's Presentation tool (through next-sanity's draft-mode route) keeps its perspective. */
export const PREVIEW_PERSPECTIVE_COOKIE = 'sanity-preview-perspective'

/** What draft mode shows for the cookie's value: `drafts` (the default), `published`, or a release stack such as `['rX', 'drafts']`. */
export function previewPerspectiveOf(value: string | undefined): 'drafts' | 'published' | string[] {
  const layers = (value ?? '')
    .split(',')
    .map((layer) => layer.trim())
    .filter((layer) => /^[A-Za-z0-9_-]{1,64}$/.test(layer) && layer !== 'raw' && layer !== 'previewDrafts')
  if (layers.length === 0 || (layers.length === 1 && layers[0] === 'drafts')) return 'drafts'
  if (layers.length === 1 && layers[0] === 'published') return 'published'
  return layers
}
