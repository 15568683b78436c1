'use client'
// The crash fallback: replaces a page whose rendering threw, in the page's language, with a retry and the chain of error messages.
import {useEffect, useState} from 'react'
import {errorChain, readClientMessages, type ClientMessages} from '@/components/client-messages'

export default function CrashFallback({error, reset}: {error: Error & {digest?: string}; reset: () => void}) {
  const [messages, setMessages] = useState<ClientMessages | null>(null)
  useEffect(() => {
    setMessages(readClientMessages())
    console.error(error)
  }, [error])
  if (!messages) return null
  const chain = errorChain(error)
  return (
    <main className="container crash-fallback" id="main-content" tabIndex={-1}>
      <h1>{messages.crashed}</h1>
      <button type="button" className="button button-primary" onClick={reset}>{messages.tryAgain}</button>
      <ol className="error-chain">
        {chain.map((message, index) => (
          <li key={index}>
            {index > 0 ? <span className="error-cause">{messages.cause}: </span> : null}
            <code>{message}</code>
          </li>
        ))}
      </ol>
    </main>
  )
}
