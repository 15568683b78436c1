'use client'
/**
 * Installs the page behaviours of behaviours.ts once per page; it renders nothing.
 *
 * Why pages are separate documents (plain <a>, no next/link): measured on this export, a doc page's
 * HTML is ~13 KB gzipped and its RSC payload (what next/link would fetch instead) ~10 KB, so
 * client-side navigation saves little per click, while next/link prefetches the payload of every
 * link in the viewport (a doc sidebar holds ~80), needs the trailing-slash payload paths to be
 * normalized, and keeps the router in every first load. A multi-page site gets scrolling to the top
 * or to the hash from the browser; the progress bar and the connection-aware prefetch are added here.
 */
import {useEffect} from 'react'
import {announcementBar, dropdowns, followSystemColorMode, localeLinks, mobileMenu, navbarAutoHide, navigation, tocHighlight, versionMemory} from './behaviours'

export function SiteBehaviour({versions, respectSystemColorMode}: {versions: string[]; respectSystemColorMode: boolean}) {
  useEffect(() => {
    const cleanups = [
      navbarAutoHide(),
      mobileMenu(),
      dropdowns(),
      localeLinks(),
      versionMemory(versions),
      navigation(),
      announcementBar(),
      tocHighlight(),
      followSystemColorMode(respectSystemColorMode),
    ]
    // Tells styles and tests that the page's behaviours are installed (the page is hydrated).
    document.documentElement.dataset.hydrated = 'true'
    return () => cleanups.forEach((cleanup) => cleanup())
  }, [versions, respectSystemColorMode])
  return null
}
