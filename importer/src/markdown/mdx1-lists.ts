/**
 * Lists as Docusaurus 2 reads them. Its MDX 1 parses markdown with remark-parse 8, whose lists are not
 * CommonMark's: a line that starts with a space still belongs to the list item above, after a blank line or a code
 * fence too, however little it is indented (CommonMark asks for the item's content column, three spaces under `1. `). A page written
 * for Docusaurus 2 (`1. Step` then a paragraph or a code fence indented by two spaces) therefore shows one list whose
 * items hold several blocks, where CommonMark ends the list at that block and starts a new one after it, numbered
 * from 1 again.
 */
import type {List, ListItem, Nodes, Parent} from 'mdast'

/**
 * Moves the blocks CommonMark left after a list for want of indentation into its last item, and joins the list of
 * the same kind that follows them, as remark-parse 8 reads them; in every container of the tree. `text` is what the
 * tree was parsed from.
 */
export function keepIndentedBlocksInLists(parent: Parent, text: string): void {
  const children = parent.children
  const contentColumn = parent.type === 'root' ? 0 : Math.max(0, (children[0]?.position?.start.column ?? 1) - 1)
  for (let at = 1; at < children.length; at++) {
    const list = children[at - 1]
    const node = children[at]
    if (list?.type !== 'list' || !node || !atMostOneBlankLineBetween(list, node, text)) continue
    const item = list.children.at(-1)
    // Indentation counts from the container's content (the text of the item or admonition holding the list), not
    // from the list's own column: a list indented in its item keeps a block as little indented as its marker.
    if (item && node.type !== 'definition' && indentedBy(node, text) > contentColumn) {
      item.children.push(node as ListItem['children'][number])
      item.spread = true
      list.spread = true
      if (item.position && node.position) item.position.end = node.position.end
      if (list.position && node.position) list.position.end = node.position.end
      children.splice(at, 1)
      at--
      continue
    }
    if (
      node.type === 'list' &&
      node.ordered === list.ordered &&
      marker(list, text) === marker(node, text) &&
      indentedBy(node, text) === indentedBy(list, text)
    ) {
      list.children.push(...node.children)
      list.spread = true
      if (list.position && node.position) list.position.end = node.position.end
      children.splice(at, 1)
      at--
    }
  }
  for (const child of children) if ('children' in child) keepIndentedBlocksInLists(child, text)
}

/** No more than one blank line between two blocks (two in a row end a list in remark-parse 8). */
function atMostOneBlankLineBetween(before: Nodes, after: Nodes, text: string): boolean {
  const from = before.position?.end.offset
  const to = after.position?.start.offset
  if (from === undefined || to === undefined || to < from) return false
  const lineStart = text.lastIndexOf('\n', to - 1)
  const gap = text.slice(from, lineStart + 1)
  return !/\n[ \t]*\n[ \t]*\n/.test(gap)
}

/** How many spaces (a tab as four) stand before a block on its first line; 0 when text does. */
function indentedBy(node: Nodes, text: string): number {
  const start = node.position?.start.offset
  if (start === undefined) return 0
  const before = text.slice(text.lastIndexOf('\n', start - 1) + 1, start)
  if (!/^[ \t]*$/.test(before)) return 0
  return before.replace(/\t/g, '    ').length
}

/** A list's marker: `-`, `*` or `+`, `.` or `)` after a number. */
function marker(list: List, text: string): string {
  const start = list.position?.start.offset ?? 0
  return /^(?:[-*+]|\d{1,9}([.)]))/.exec(text.slice(start, start + 10))?.[1] ?? text[start] ?? ''
}
