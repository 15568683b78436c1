// Next.js configuration: a fully static export into out/, built from the content dataset.
import type {NextConfig} from 'next'

const nextConfig: NextConfig = {
  output: 'export',
  trailingSlash: true,
  images: {unoptimized: true},
  transpilePackages: ['@site/schemas'],
  reactStrictMode: true,
  poweredByHeader: false,
}

export default nextConfig
