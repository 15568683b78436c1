/**
 * Inline scripts of <head> that run before first paint: the colour mode (saved choice, else the
 * system preference when the settings follow it, else the default) and a dismissed announcement bar.
 * The first also marks the page as scripted (data-js), so that the stylesheet can lay out, before
 * first paint, what the page script will take over (the sidebars go into the mobile menu).
 */
export function colorModeScript(defaultMode: 'light' | 'dark', respectPrefersColorScheme: boolean): string {
  return `(function(){var d=document.documentElement,m=${JSON.stringify(defaultMode)};d.dataset.js='';try{var s=localStorage.getItem('theme');if(s==='light'||s==='dark')m=s;else if(${respectPrefersColorScheme ? 'true' : 'false'}&&window.matchMedia('(prefers-color-scheme: dark)').matches)m='dark'}catch(e){}d.dataset.theme=m})()`
}

/** Hides the announcement bar before it paints when the reader closed this bar (same id) before. */
export function announcementScript(barId: string): string {
  return `try{if(localStorage.getItem('announcement-dismissed')===${JSON.stringify(barId)})document.documentElement.dataset.announcementDismissed='true'}catch(e){}`
}
