/**
 * The light/dark switch, rendered on the server. The mode is set before first paint by
 * PRE_PAINT_SCRIPT (inline-scripts.ts); the icon follows it in CSS and widgets.ts keeps the label and handles clicks.
 */
export function ColorModeToggle({label, lightName, darkName}: {label: string; lightName: string; darkName: string}) {
  return (
    <button type="button" className="color-mode-toggle" aria-label={label.replace('{mode}', lightName)} data-label={label} data-light={lightName} data-dark={darkName}>
      <span aria-hidden="true" className="color-mode-icon-light">☀</span>
      <span aria-hidden="true" className="color-mode-icon-dark">☾</span>
    </button>
  )
}
