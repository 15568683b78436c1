// The interface strings that browser-only code needs outside any page (the crash fallback), in the page's locale.
import type {Translator} from '@site/schemas/i18n'
import {ID} from './seam'

export interface ClientMessages {
  crashed: string
  tryAgain: string
  cause: string
}

export function clientMessages(t: Translator['t']): ClientMessages {
  return {crashed: t('error.crashed'), tryAgain: t('error.tryAgain'), cause: t('error.cause')}
}

/** Reads the strings the layout wrote into the page; English when they are missing or unreadable. */
export function readClientMessages(): ClientMessages {
  const fallback: ClientMessages = {crashed: 'This page crashed.', tryAgain: 'Try again', cause: 'Cause'}
  try {
    const text = document.getElementById(ID.clientMessages)?.textContent
    return text ? {...fallback, ...(JSON.parse(text) as Partial<ClientMessages>)} : fallback
  } catch {
    return fallback
  }
}

/** An error and its causes, outermost first, as messages (a cycle stops the chain). */
export function errorChain(error: unknown): string[] {
  const messages: string[] = []
  const seen = new Set<unknown>()
  let current: unknown = error
  while (current !== undefined && current !== null && !seen.has(current) && messages.length < 10) {
    seen.add(current)
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a thrown value that is not an Error: its own text, whatever it is
    messages.push(current instanceof Error ? current.message || current.name : String(current))
    current = current instanceof Error ? current.cause : undefined
  }
  return messages
}
