// The root layout: <html lang> from the locale, the colour mode set before first paint, the stylesheet.
import type {ReactNode} from 'react'
import {colorModeScript} from '@/components/color-mode-script'
import {splitLocale} from '@/routing/routes'
import {loadSiteContext} from '@/site/context'
import '@/styles/site.css'

export default async function RootLayout({children, params}: {children: ReactNode; params: Promise<{path?: string[]}>}) {
  const {path = []} = await params
  const context = await loadSiteContext(splitLocale(path).locale)
  const colorMode = context.settings.colorMode
  return (
    <html lang={context.localeInfo.htmlLang} dir={context.localeInfo.direction} data-theme={colorMode?.defaultMode ?? 'light'} suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{__html: colorModeScript(colorMode?.defaultMode === 'dark' ? 'dark' : 'light', colorMode?.respectPrefersColorScheme !== false)}} />
      </head>
      <body>{children}</body>
    </html>
  )
}
