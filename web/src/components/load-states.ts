/**
 * The loading and error states of spec §9 around something loaded on demand (an embed, the search
 * island): nothing for 200 ms, then a spinner; on failure the error and a retry.
 */

/** Spec §9: a loading indicator shows only once a load has taken this long. */
export const LOADING_DELAY_MS = 200

export interface LoadingLabels {
  loading: string
  error: string
  retry: string
}

/**
 * Runs `load` inside `container` with the states of spec §9: nothing for 200 ms, then a spinner;
 * on failure the error with a retry button that runs it again. Resolves once a load succeeds.
 */
export function loadWithStates(container: HTMLElement, labels: LoadingLabels, load: () => Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    const attempt = () => {
      container.querySelector(':scope > .loader, :scope > .load-error')?.remove()
      container.setAttribute('aria-busy', 'true')
      const timer = setTimeout(() => container.prepend(spinner(labels.loading)), LOADING_DELAY_MS)
      load().then(
        () => {
          clearTimeout(timer)
          container.querySelector(':scope > .loader')?.remove()
          container.removeAttribute('aria-busy')
          resolve()
        },
        () => {
          clearTimeout(timer)
          container.querySelector(':scope > .loader')?.remove()
          container.removeAttribute('aria-busy')
          container.prepend(errorBox(labels, attempt))
        },
      )
    }
    attempt()
  })
}

function spinner(loading: string): HTMLElement {
  const box = document.createElement('div')
  box.className = 'loader'
  box.setAttribute('role', 'status')
  box.innerHTML =
    '<svg class="loader-spinner" viewBox="0 0 50 50" aria-hidden="true"><circle class="loader-track" cx="25" cy="25" r="20"></circle><circle class="loader-arc" cx="25" cy="25" r="20"></circle></svg>'
  const text = document.createElement('span')
  text.className = 'visually-hidden'
  text.textContent = loading
  box.append(text)
  return box
}

function errorBox(labels: LoadingLabels, retry: () => void): HTMLElement {
  const box = document.createElement('div')
  box.className = 'load-error'
  box.setAttribute('role', 'alert')
  const message = document.createElement('p')
  message.textContent = labels.error
  const button = document.createElement('button')
  button.type = 'button'
  button.className = 'button'
  button.textContent = labels.retry
  button.addEventListener('click', retry, {once: true})
  box.append(message, button)
  return box
}
