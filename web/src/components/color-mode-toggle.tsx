'use client'
// The light/dark switch. The initial mode is set before first paint by COLOR_MODE_SCRIPT.
import {useEffect, useState} from 'react'

type Mode = 'light' | 'dark'

export function ColorModeToggle({label, lightName, darkName}: {label: string; lightName: string; darkName: string}) {
  const [mode, setMode] = useState<Mode | null>(null)
  useEffect(() => {
    setMode(document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light')
  }, [])
  const current = mode ?? 'light'
  return (
    <button
      type="button"
      className="color-mode-toggle"
      aria-label={label.replace('{mode}', current === 'dark' ? darkName : lightName)}
      onClick={() => {
        const next: Mode = current === 'dark' ? 'light' : 'dark'
        document.documentElement.dataset.theme = next
        try {
          localStorage.setItem('theme', next)
        } catch {
          // Without storage the choice lasts until the next page.
        }
        setMode(next)
      }}
    >
      <span aria-hidden="true">{current === 'dark' ? '☾' : '☀'}</span>
    </button>
  )
}
