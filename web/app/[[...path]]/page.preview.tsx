// The preview server's page (SITE_PREVIEW=1, see next.config.ts): the site's page, rendered on each
// request for any path, so that a draft shows as it is now, even one at an address not yet published.
export {default, generateMetadata} from './page'

export const dynamic = 'force-dynamic'
