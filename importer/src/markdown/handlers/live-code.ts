/**
 * Code fences that a theme turns into something else than highlighted code. With
 * `@docusaurus/theme-live-codeblock`, a fence whose meta string holds `live` (```` ```jsx live ````) is an
 * editor whose code runs in the reader's browser, with its result below it. Here it is the highlighted
 * code it holds (the editor would ship React and a compiler to readers); the page's report says that
 * its readers miss the result. Without the theme, `live` means nothing and the fence is plain code.
 */
import type {Code} from 'mdast'

export const LIVE_CODEBLOCK_THEME = '@docusaurus/theme-live-codeblock'

/** Whether a fence's meta string asks for a live editor (the word `live`, as the theme reads it). */
export function isLiveFence(meta: string | null | undefined): boolean {
  return /(?:^|\s)live(?:\s|$)/.test(meta ?? '')
}

/** Records, for a fence the site's themes render differently, what readers of the page miss. */
export function codeFenceNotes(node: Code, context: {plugins?: ReadonlySet<string>; missed?: (feature: string, line: number, missing: string) => void}): void {
  if (!context.plugins?.has(LIVE_CODEBLOCK_THEME) || !isLiveFence(node.meta)) return
  context.missed?.(
    LIVE_CODEBLOCK_THEME,
    node.position?.start.line ?? 0,
    `a live code block (\`\`\`${node.lang ?? ''} live) is shown as highlighted code: readers cannot edit it and do not see the result it renders`,
  )
}
