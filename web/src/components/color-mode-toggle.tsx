'use client'
// The light/dark switch. The initial mode is set before first paint by colorModeScript.
import {useEffect, useState} from 'react'

type Mode = 'light' | 'dark'

const readMode = (): Mode => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light')

export function ColorModeToggle({label, lightName, darkName}: {label: string; lightName: string; darkName: string}) {
  const [mode, setMode] = useState<Mode | null>(null)
  useEffect(() => {
    setMode(readMode())
    // The mode may change without a click: the system preference, followed until the reader chooses.
    const sync = () => setMode(readMode())
    document.addEventListener('site:theme', sync)
    return () => document.removeEventListener('site:theme', sync)
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
