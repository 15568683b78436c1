/** Edits of content/ files that the publish check and the publish bench make, as an editor would. */
import {readFile, writeFile} from 'node:fs/promises'

/** Rewrites the first line of `file` matching `find` with `change`; throws, naming the file, when no line matches. */
export async function editLine(file: string, find: RegExp, change: (line: string) => string): Promise<void> {
  const lines = (await readFile(file, 'utf8')).split('\n')
  const at = lines.findIndex((line) => find.test(line))
  if (at === -1) throw new Error(`${file}: no line matches ${find}`)
  lines[at] = change(lines[at] ?? '')
  await writeFile(file, lines.join('\n'))
}
