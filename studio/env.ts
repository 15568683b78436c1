/**
 * The studio's settings, read once. Sanity exposes only SANITY_STUDIO_* variables to the studio's
 * browser bundle. Without a project id the studio still builds and validates offline; signing in
 * then needs SANITY_STUDIO_PROJECT_ID.
 */
export const studioEnv = {
  projectId: process.env.SANITY_STUDIO_PROJECT_ID || 'unconfigured',
  dataset: process.env.SANITY_STUDIO_DATASET || 'production',
  siteUrl: process.env.SANITY_STUDIO_SITE_URL || 'http://localhost:3000',
}
