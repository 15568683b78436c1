// The root layout: <html lang> from the locale, colour mode and announcement state set before first paint, the stylesheets and the site's theme.
import type {ReactNode} from 'react'
import {PRE_PAINT_SCRIPT} from '@/components/inline-scripts'
import {clientMessages} from '@/components/client-messages'
import {DevPageScript} from '@/components/page-script'
import {DATA, ID} from '@/components/seam'
import {splitLocale} from '@site/schemas/routing'
import {loadSiteContext} from '@/site/context'
import {recordRoute} from '@site/content-source/reads'
import {routeKey} from '@/build/route-filter'
import {loadRoutingTable} from '@/site/routing-table-loader'
import {themeFontHosts, themeFontStylesheets, themeStylesheet} from '@/site/theme'
// The site's stylesheets, one beside each component. Next bundles global CSS in import order, so this
// list is the cascade: tokens, then base rules, then the components; a component's narrow-screen
// rules stay in its own file, after its wide-screen ones.
import '@/styles/tokens.css'
import '@/styles/base.css'
import '@/portable-text/body.css'
import '@/ui/shell.css'
import '@/ui/navbar.css'
import '@/ui/site-logo.css'
import '@/ui/mobile-menu.css'
import '@/components/load-states.css'
import '@/components/lazy-embed.css'
import '@/components/crash-fallback.css'
import '@/components/color-mode-toggle.css'
import '@/ui/doc-page.css'
import '@/ui/toc.css'
import '@/ui/banners.css'
import '@/editing/translation-notice.css'
import '@/ui/pagination.css'
import '@/portable-text/code-block.css'
import '@/components/copy-button.css'
import '@/portable-text/admonition.css'
import '@/components/tabs.css'
import '@/portable-text/themed-image.css'
import '@/portable-text/embed.css'
import '@/portable-text/unconverted.css'
import '@/ui/blog.css'
import '@/ui/tags.css'
import '@/ui/docs-tags.css'
import '@/ui/home-page.css'
import '@/search/search-shell.css'
import '@/ui/other-pages.css'

export default async function RootLayout({children, params}: {children: ReactNode; params: Promise<{path?: string[]}>}) {
  const {path = []} = await params
  recordRoute(routeKey(path))
  const {locales} = await loadRoutingTable()
  const context = await loadSiteContext(splitLocale(locales, path).locale)
  const {colorMode, announcementBar} = context.settings
  // The site's theme over the stylesheets: one small <style> (allowed by its hash) and the font services it loads.
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
