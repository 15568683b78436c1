// Next.js configuration: a fully static export into out/, built from the content dataset.
import type {NextConfig} from 'next'

// tools/run.sh builds beside the site being served: SITE_OUT_DIR (relative to web/, checked by
// web/src/build/out-dir.ts in the steps after next build) names the export folder instead of out/.
const siteOutDir = process.env.SITE_OUT_DIR?.trim()

const nextConfig: NextConfig = {
  output: 'export',
  ...(siteOutDir ? {distDir: siteOutDir} : {}),
  trailingSlash: true,
  images: {unoptimized: true},
  transpilePackages: ['@site/schemas'],
  reactStrictMode: true,
  poweredByHeader: false,
}

export default nextConfig
