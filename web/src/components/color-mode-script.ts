/**
 * The inline script that sets data-theme on <html> before first paint: the saved choice, else the
 * system preference when the settings follow it, else the default mode.
 */
export function colorModeScript(defaultMode: 'light' | 'dark', respectPrefersColorScheme: boolean): string {
  return `(function(){var d=document.documentElement,m=${JSON.stringify(defaultMode)};try{var s=localStorage.getItem('theme');if(s==='light'||s==='dark')m=s;else if(${respectPrefersColorScheme ? 'true' : 'false'}&&window.matchMedia('(prefers-color-scheme: dark)').matches)m='dark'}catch(e){}d.dataset.theme=m})()`
}
