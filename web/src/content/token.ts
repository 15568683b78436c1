/** The Sanity read token, for drafts or private datasets. Server-only so it never reaches a browser bundle. */
import 'server-only'

export function sanityReadToken(): string | undefined {
  const token = process.env.SANITY_API_READ_TOKEN?.trim()
  return token ? token : undefined
}
