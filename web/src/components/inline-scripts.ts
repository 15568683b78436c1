/**
 * The only inline scripts of the pages. Each text is a constant: what varies (the default colour
 * mode, the announcement's id, the home page's address) comes from attributes of the markup, so that
 * the Content-Security-Policy can allow these scripts by hash and no other inline script runs.
 * The build refuses a page whose inline script is not one of these (web/src/build/page-policy.ts).
 */
import {ID, MOBILE_QUERY, STORAGE} from './seam'
import {SPECULATION_RULES} from './speculation-rules'

export {SPECULATION_RULES}

/**
 * Runs in <head> before first paint: the colour mode (the saved choice, else the system's dark mode
 * when <html data-theme-follows-system="true">, else the default of <html data-theme>) and the
 * announcement bar of <html data-announcement-id> hidden when the reader closed that bar before.
 * It also marks the page as scripted (data-js), so that the stylesheet lays out, before first paint,
 * what the page script takes over (the sidebars go into the mobile menu).
 */
export const PRE_PAINT_SCRIPT = `(function(){var d=document.documentElement,m=d.dataset.theme==='dark'?'dark':'light';d.dataset.js='';try{var s=localStorage.getItem('${STORAGE.theme}');if(s==='light'||s==='dark')m=s;else if(d.dataset.themeFollowsSystem==='true'&&window.matchMedia('(prefers-color-scheme: dark)').matches)m='dark';var a=d.dataset.announcementId;if(a&&localStorage.getItem('${STORAGE.announcementDismissed}')===a)d.dataset.announcementDismissed='true'}catch(e){}d.dataset.theme=m})()`

/** Opens the docs sidebar on wide screens before first paint (no layout shift); phones keep it closed. */
export const SIDEBAR_OPEN_SCRIPT = `(function(){var d=document.getElementById('${ID.docsSidebarDisclosure}');if(d&&!window.matchMedia('${MOBILE_QUERY}').matches)d.open=true})()`

/**
 * Shows the home page's banner (#base-url-banner, its data-home the locale's home path) when the page
 * is read at another address or without its stylesheet.
 */
export const BASE_URL_BANNER_SCRIPT = `(function(){var b=document.getElementById('${ID.baseUrlBanner}');if(!b)return;var h=b.dataset.home||'/',p=location.pathname;var wrongPath=p!==h&&p!==h+'index.html';var noCss=getComputedStyle(document.documentElement).getPropertyValue('--site-stylesheet').trim()!=='1';if(wrongPath||noCss)b.hidden=false})()`

export const INLINE_SCRIPTS = [PRE_PAINT_SCRIPT, SIDEBAR_OPEN_SCRIPT, BASE_URL_BANNER_SCRIPT, SPECULATION_RULES] as const
