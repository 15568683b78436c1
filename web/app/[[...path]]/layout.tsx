// The root layout: <html lang> from the locale, colour mode and announcement state set before first paint, the stylesheet and the site's theme.
import type {ReactNode} from 'react'
import {PRE_PAINT_SCRIPT} from '@/components/inline-scripts'
import {clientMessages} from '@/components/client-messages'
import {DevPageScript} from '@/components/page-script'
import {DATA, ID} from '@/components/seam'
import {splitLocale} from '@site/schemas/routing'
import {loadSiteContext} from '@/site/context'
import {recordRoute} from '@/content/reads'
import {routeKey} from '@/build/route-filter'
import {loadRoutingTable} from '@/site/routing-table-loader'
import {themeFontHosts, themeFontStylesheets, themeStylesheet} from '@/site/theme'
import '@/styles/site.css'

export default async function RootLayout({children, params}: {children: ReactNode; params: Promise<{path?: string[]}>}) {
  const {path = []} = await params
  recordRoute(routeKey(path))
  const {locales} = await loadRoutingTable()
  const context = await loadSiteContext(splitLocale(locales, path).locale)
  const {colorMode, announcementBar} = context.settings
  // The site's theme over site.css: one small <style> (allowed by its hash) and the font services it loads.
  const themeCss = themeStylesheet(context.theme)
  return (
    <html
      lang={context.localeInfo.htmlLang}
      dir={context.localeInfo.direction}
      data-theme={colorMode?.defaultMode === 'dark' ? 'dark' : 'light'}
      data-theme-follows-system={colorMode?.respectPrefersColorScheme !== false ? 'true' : 'false'}
      {...{[DATA.announcementId]: announcementBar?.id || undefined}}
      suppressHydrationWarning
    >
      <head>
        {/* A constant script (allowed by hash in the Content-Security-Policy): its settings are the attributes above. */}
        <script dangerouslySetInnerHTML={{__html: PRE_PAINT_SCRIPT}} />
        {context.settings.favicon ? <link rel="icon" href={context.settings.favicon} /> : null}
        {themeFontHosts(context.theme).map((host) => (
          <link key={host} rel="preconnect" href={`https://${host}`} crossOrigin="" />
        ))}
        {themeFontStylesheets(context.theme).map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {themeCss ? <style id="site-theme" dangerouslySetInnerHTML={{__html: themeCss}} /> : null}
        <DevPageScript />
      </head>
      <body>
        {children}
        {/* The crash fallback replaces the page, so the few strings it needs live outside it. */}
        <script
          type="application/json"
          id={ID.clientMessages}
          dangerouslySetInnerHTML={{__html: JSON.stringify(clientMessages(context.t)).replace(/</g, '\\u003c')}}
        />
      </body>
    </html>
  )
}
