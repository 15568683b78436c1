/**
 * The studio's settings, read once. Sanity exposes only SANITY_STUDIO_* variables to the studio's
 * browser bundle. Without a project id the studio still builds and validates offline; signing in
 * then needs SANITY_STUDIO_PROJECT_ID, which the terminal (sanity.cli.ts) and the page
 * (unconfigured-notice.ts) both name.
 */
export const UNCONFIGURED_PROJECT = 'unconfigured'

export const studioEnv = {
  projectId: process.env.SANITY_STUDIO_PROJECT_ID || UNCONFIGURED_PROJECT,
  dataset: process.env.SANITY_STUDIO_DATASET || 'production',
  siteUrl: process.env.SANITY_STUDIO_SITE_URL || 'http://localhost:3000',
  /** The preview server for editors (npm run preview) that the Presentation tool shows drafts in. */
  previewUrl: (process.env.SANITY_STUDIO_PREVIEW_URL || 'http://localhost:3200').replace(/\/+$/, ''),
}

/** What to do when no project is set, in the terminal and on the page. */
export const MISSING_PROJECT_MESSAGE =
  'No Sanity project is set: the studio cannot sign in or load content. Set SANITY_STUDIO_PROJECT_ID to your project id ' +
  '(sanity.io/manage; SANITY_STUDIO_DATASET too when it is not "production") in the environment or in .env at the ' +
  'repository root (see .env.example), then restart the studio.'
