/** What the preview server's tests and the server they start (./serve-with-stand-in.ts) agree on. */
export const PREVIEW_PORT = Number(process.env.PREVIEW_E2E_PORT || 3210)
export const STAND_IN_PORT = Number(process.env.PREVIEW_E2E_STAND_IN_PORT || 4410)
export const PREVIEW_URL = `http://127.0.0.1:${PREVIEW_PORT}`
export const STAND_IN_URL = `http://127.0.0.1:${STAND_IN_PORT}`
export const PROJECT_ID = 'previewe2e'
export const DATASET = 'production'
/** The stand-in's only accepted token: the preview server's read token (a test value, not a real secret). */
export const READ_TOKEN = 'preview-e2e-read-token'
export const STUDIO_URL = 'http://127.0.0.1:3333'
