/**
 * Expo Snack embeds (`<div data-snack-files="…">`, or `data-snack-code`), which Expo's script
 * (https://snack.expo.dev/embed.js) fills with a live editor in the reader's browser: the code files they carry.
 * One reading for the import, which shows them as code blocks, and the comparison with Docusaurus, which reads them
 * as the code its page shows.
 */

/**
 * The code files of an embed: `data-snack-files` (URL-encoded JSON, `{"App.tsx": {"type": "CODE", "contents": "…"}}`;
 * assets left out) or else `data-snack-code` (one URL-encoded file, App.js). Null when what is given cannot be
 * decoded; an empty list when neither attribute is given.
 */
export function snackEmbedFiles(files: string | undefined, code: string | undefined): Array<{file: string; code: string}> | null {
  try {
    if (files !== undefined) {
      const parsed = JSON.parse(decodeURIComponent(files)) as unknown
      if (typeof parsed !== 'object' || parsed === null) return null
      return Object.entries(parsed as Record<string, {type?: unknown; contents?: unknown} | null>).flatMap(([file, entry]) =>
        entry && entry.type !== 'ASSET' && typeof entry.contents === 'string' ? [{file, code: entry.contents.replace(/\n$/, '')}] : [],
      )
    }
    return code === undefined ? [] : [{file: 'App.js', code: decodeURIComponent(code).replace(/\n$/, '')}]
  } catch {
    return null
  }
}

/** The language of a Snack file by its extension (App.tsx → tsx). */
export function snackFileLanguage(file: string): string {
  const extension = /\.(\w+)$/.exec(file)?.[1] ?? 'js'
  return extension === 'mjs' || extension === 'cjs' ? 'js' : extension
}
