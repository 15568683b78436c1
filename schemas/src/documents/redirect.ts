/**
 * A redirect from an old address of the site to the page that replaced it, as Docusaurus's
 * client-redirects plugin makes them: the static export writes a page at the old address that
 * sends readers on (meta refresh, canonical link), and nginx answers it with a 301.
 */
import {defineField, defineType} from '@sanity/types'

/** A site path a redirect starts from: one leading slash, no query, fragment or `..`. */
export const REDIRECT_FROM_PATH = /^\/(?!\/)(?!.*(?:^|\/)\.\.?(?:\/|$))[^?#\s\\]*$/

/** Where a redirect may lead: a site path (with an optional #fragment or ?query) or an https:// address. */
export const REDIRECT_TO = /^(?:\/(?!\/)[^\s\\]*|https?:\/\/[^\s]+)$/

export const redirect = defineType({
  name: 'redirect',
  title: 'Redirect',
  type: 'document',
  fields: [
    defineField({
      name: 'from',
      title: 'Old address',
      type: 'string',
      description: 'A path of the site without locale, such as /docs/v4/old-name/. Each locale gets it under its own prefix (/fr/docs/v4/old-name/).',
      validation: (rule) => rule.required().regex(REDIRECT_FROM_PATH, {name: 'site path'}),
    }),
    defineField({
      name: 'to',
      title: 'New address',
      type: 'string',
      description: 'The page readers are sent to: a path of the site without locale (/docs/v4/new-name/) or a full https:// address.',
      validation: (rule) =>
        rule
          .required()
          .regex(REDIRECT_TO, {name: 'site path or https address'})
          .custom((value: string | undefined, context) => {
            const from = (context.document as {from?: unknown} | undefined)?.from
            return typeof value === 'string' && typeof from === 'string' && sameSitePath(value, from) ? 'A redirect cannot lead to its own address' : true
          }),
    }),
    defineField({
      name: 'origin',
      title: 'Imported from',
      type: 'string',
      readOnly: true,
      description: 'The option of the Docusaurus config it was made from (redirects, createRedirects, fromExtensions, toExtensions).',
    }),
  ],
  preview: {
    select: {from: 'from', to: 'to'},
    prepare: ({from, to}: {from?: string; to?: string}) => ({title: from ?? 'Redirect', subtitle: `→ ${to ?? ''}`}),
  },
})

/** Whether two site paths name the same page (a trailing slash and a #fragment do not count). */
export function sameSitePath(a: string, b: string): boolean {
  const normal = (value: string) => value.replace(/#.*$/, '').replace(/\/+$/, '') || '/'
  return normal(a) === normal(b)
}
