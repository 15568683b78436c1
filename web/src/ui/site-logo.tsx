/**
 * The site's logo from the site settings, in its light and dark variants: both are in the page and
 * the stylesheet shows the one of the colour mode set before first paint (no flash, no script).
 */
import {routeUrl} from '@site/schemas/routing'
import type {Settings, SiteContext} from '../site/context'

type LogoImage = {url: string | null; width: number | null; height: number | null} | null | undefined

export interface SiteLogoProps {
  logo: Settings['logo']
  className: string
  /** The rendered height in CSS pixels; the width follows the image's proportions. */
  height: number
  /** Empty when the site's name is written next to the logo (the image then adds nothing to read). */
  alt?: string
  /** The hero's logo is the largest image above the fold: fetch it first. */
  priority?: boolean
}

function scaledWidth(image: NonNullable<LogoImage>, height: number): number {
  return image.width && image.height ? Math.round((image.width / image.height) * height) : height
}

export function hasLogo(logo: Settings['logo']): boolean {
  return Boolean(logo?.light?.url || logo?.dark?.url)
}

export function SiteLogo({logo, className, height, alt = '', priority = false}: SiteLogoProps) {
  const light = logo?.light?.url ? logo.light : logo?.dark?.url ? logo.dark : null
  if (!light?.url) return null
  const dark = logo?.dark?.url ? logo.dark : null
  const common = {height, decoding: 'async' as const, ...(priority ? {fetchPriority: 'high' as const} : {loading: 'lazy' as const})}
  if (!dark || dark.url === light.url) {
    return <img alt={alt} {...common} className={className} src={light.url} width={scaledWidth(light, height)} />
  }
  return (
    <>
      <img alt={alt} {...common} className={`${className} themed-logo-light`} src={light.url} width={scaledWidth(light, height)} />
      <img alt={alt} {...common} className={`${className} themed-logo-dark`} src={dark.url ?? ''} width={scaledWidth(dark, height)} />
    </>
  )
}

/** The logo and the site's name, leading to the locale's home page: the navbar's and the mobile menu's brand. */
export function SiteBrand({context}: {context: SiteContext}) {
  return (
    <a className="navbar-brand" href={routeUrl(context.routing, {kind: 'home', locale: context.locale})}>
      <SiteLogo logo={context.settings.logo} className="navbar-logo" height={32} priority />
      <span className="navbar-title">{context.settings.navbarTitle || context.siteTitle}</span>
    </a>
  )
}
