import {CLASS, COLOR_MODE_TOGGLE_DATA, dataProps} from './seam'

/**
 * The light/dark switch, rendered on the server. The mode is set before first paint by
 * PRE_PAINT_SCRIPT (inline-scripts.ts); the icon follows it in CSS and color-mode.ts keeps the label and handles clicks.
 */
export function ColorModeToggle({label, lightName, darkName}: {label: string; lightName: string; darkName: string}) {
  return (
    <button
      type="button"
      className={CLASS.colorModeToggle}
      aria-label={label.replace('{mode}', lightName)}
      {...dataProps(COLOR_MODE_TOGGLE_DATA, {label, light: lightName, dark: darkName})}
    >
      <span aria-hidden="true" className="color-mode-icon-light">
        ☀
      </span>
      <span aria-hidden="true" className="color-mode-icon-dark">
        ☾
      </span>
    </button>
  )
}
