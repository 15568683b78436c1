/**
 * An answer kept for the whole build, holding its value once it has one, not the promise that made it.
 *
 * A promise remembers the asynchronous context it was created in (Node attaches the stores of every
 * AsyncLocalStorage to it): a query first asked by a page's render carries that render's stores,
 * through them Next's and React's per-page state, and through that the page's whole RSC payload and
 * HTML. Kept in a build-wide cache, every such promise kept a finished page alive: profiled on the 4×
 * bench site, 197 of the 211 React Flight requests still alive in a render worker a few hundred
 * pages in, with 28 of its 30 MB of ArrayBuffers, were held by the query cache's promises
 * (docs/performance.md, "How the build runs, and why"). So the promise is kept only while it is
 * pending (pages rendered at the same time share it); once settled, the value alone is kept and each
 * caller gets a promise of its own, made in its own context, which goes away with it.
 */
type State<V> = {settled: false; pending: Promise<V>} | {settled: true; value: V}

export class SettledAnswer<V> {
  #state: State<V>

  /** `onFailure` runs when the answer fails: the caller forgets it, so that a later call asks again. */
  constructor(answer: Promise<V>, onFailure: () => void) {
    this.#state = {settled: false, pending: answer}
    answer.then(
      (value) => {
        this.#state = {settled: true, value}
      },
      () => onFailure(),
    )
  }

  /** The answer: the shared promise while it is pending, then a new promise of the kept value. */
  get(): Promise<V> {
    const state = this.#state
    return state.settled ? Promise.resolve(state.value) : state.pending
  }
}
