'use client'
// The copy button of a code block: the only browser code a code block needs.
import {useEffect, useState} from 'react'

export function CopyButton({code, copy, copied, label}: {code: string; copy: string; copied: string; label: string}) {
  const [done, setDone] = useState(false)
  useEffect(() => {
    if (!done) return
    const timer = setTimeout(() => setDone(false), 2000)
    return () => clearTimeout(timer)
  }, [done])
  return (
    <button
      type="button"
      className="code-copy"
      aria-label={done ? copied : label}
      onClick={() => {
        void navigator.clipboard.writeText(code).then(() => setDone(true))
      }}
    >
      {done ? copied : copy}
    </button>
  )
}
