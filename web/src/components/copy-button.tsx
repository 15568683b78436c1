'use client'
/**
 * The copy button of a code block. It copies the text of its block's <pre> rather than taking the
 * code as a prop, so the code is not sent twice (in the HTML and again in the page's RSC payload).
 */
import {useEffect, useRef, useState} from 'react'

export function CopyButton({copy, copied, label}: {copy: string; copied: string; label: string}) {
  const [done, setDone] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (!done) return
    const timer = setTimeout(() => setDone(false), 2000)
    return () => clearTimeout(timer)
  }, [done])
  return (
    <button
      ref={button}
      type="button"
      className="code-copy"
      aria-label={done ? copied : label}
      onClick={() => {
        const pre = button.current?.closest('.code-block')?.querySelector('pre')
        const code = (pre?.innerText ?? '').replace(/\n$/, '')
        void navigator.clipboard.writeText(code).then(() => setDone(true))
      }}
    >
      <span aria-live="polite">{done ? copied : copy}</span>
    </button>
  )
}
