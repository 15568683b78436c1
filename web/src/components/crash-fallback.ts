/**
 * The crash fallback of a page whose scripts failed: "This page crashed." in the page's language,
 * a retry and the chain of error messages. It takes the place of the page until the retry, which
 * puts the page back and runs its setup again.
 */
import {errorChain, readClientMessages} from './client-messages'

const FALLBACK_ID = 'crash-fallback'

export function showCrashFallback(error: unknown, retry: () => void): void {
  console.error(error)
  document.getElementById(FALLBACK_ID)?.remove()
  const messages = readClientMessages()
  const hidden = [...document.body.children].filter(
    (element): element is HTMLElement => element instanceof HTMLElement && !element.hidden && element.tagName !== 'SCRIPT',
  )
  hidden.forEach((element) => {
    element.hidden = true
  })

  const main = document.createElement('main')
  main.id = FALLBACK_ID
  main.className = 'container crash-fallback'
  main.tabIndex = -1
  const heading = document.createElement('h1')
  heading.textContent = messages.crashed
  const button = document.createElement('button')
  button.type = 'button'
  button.className = 'button button-primary'
  button.textContent = messages.tryAgain
  const chain = document.createElement('ol')
  chain.className = 'error-chain'
  errorChain(error).forEach((message, index) => {
    const item = document.createElement('li')
    if (index > 0) {
      const cause = document.createElement('span')
      cause.className = 'error-cause'
      cause.textContent = `${messages.cause}: `
      item.append(cause)
    }
    const code = document.createElement('code')
    code.textContent = message
    item.append(code)
    chain.append(item)
  })
  button.addEventListener(
    'click',
    () => {
      main.remove()
      hidden.forEach((element) => {
        element.hidden = false
      })
      retry()
    },
    {once: true},
  )
  main.append(heading, button, chain)
  document.body.prepend(main)
  main.focus()
}
