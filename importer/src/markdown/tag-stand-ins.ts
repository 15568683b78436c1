/**
 * Tags markdown reads other than MDX does: a member of an import (`<Links.Tides />`), which CommonMark does not
 * take for HTML at all, and a component sharing its name with one of CommonMark's HTML block elements (`<Link>`,
 * `<Details>`), which CommonMark takes for the start of an HTML block where MDX 2 and 3 see a line of text. Text
 * holding them is read again with each such tag under a stand-in HTML name as long as the tag, its lines kept, and
 * each tag then given back as the inline HTML node it is in MDX.
 */
import type {Nodes, Paragraph} from 'mdast'
import {parseEntities} from 'parse-entities'
import type {HandlerContext} from './handler-context'
import {jsxInAttributes, readTag, type TagToken} from './jsx-tags'
import {stripLeadingZeroWidth} from './parse'

/** CommonMark's HTML block names (its start condition 6): a line starting with one of them starts an HTML block, and can end a paragraph. */
const HTML_BLOCK_NAMES = new Set(
  (
    'address article aside base basefont blockquote body caption center col colgroup dd details dialog dir div dl dt fieldset figcaption figure ' +
    'footer form frame frameset h1 h2 h3 h4 h5 h6 head header hr html iframe legend li link main menu menuitem nav noframes ol optgroup option p ' +
    'param search section summary table tbody td tfoot th thead title tr track ul'
  ).split(' '),
)

/** A tag that names a member of an import (`Links.Tides`). */
export function isMemberTag(tag: TagToken): boolean {
  return tag.name.includes('.')
}

/** A component's tag whose name, in lower case, is one of CommonMark's HTML block names (`<Link>`, `</Details>`). */
export function isComponentOfBlockName(tag: TagToken): boolean {
  return /^[A-Z]/.test(tag.name) && HTML_BLOCK_NAMES.has(tag.name.toLowerCase())
}

/** Either: a tag that a line of MDX text holds as JSX where markdown reads it otherwise. */
export function isMisreadInText(tag: TagToken): boolean {
  return isMemberTag(tag) || isComponentOfBlockName(tag)
}

/** Tag starts in text: `<` or `</`, then a name (dotted for members). */
const TAG_START = /<\/?[A-Za-z_$][\w$.:-]*/g
/** The stand-in names: `m-` and the tag's index in the text, base 36 (36 tags at most). */
const STAND_IN = /^<\/?m-([0-9a-z])(?=[\s/>])/

/**
 * The paragraph `source[start, end)` is in MDX, read again with the tags `standsIn` chooses under stand-in names;
 * null when it holds none (outside `skip`, offsets of code spans and HTML already read), when it uses the stand-in
 * names itself, or when the text is not one paragraph when read so.
 */
export function paragraphWithStandIns(
  cx: HandlerContext,
  start: number,
  end: number,
  line: number,
  standsIn: (tag: TagToken) => boolean,
  skip: ReadonlyArray<{from: number; to: number}> = codeSpans(cx.source.text.slice(start, end)),
): Paragraph | null {
  const source = cx.source.text.slice(start, end)
  if (/<\/?m-[0-9a-z][\s/>]/.test(source)) return null
  const originals: string[] = []
  let rewritten = source
  let after = 0
  for (const match of source.matchAll(TAG_START)) {
    const at = match.index
    if (originals.length === 36 || at < after || skip.some(({from, to}) => at >= from && at < to)) continue
    const tag = readTag(source, at)
    if (!tag || !standsIn(tag)) continue
    const original = source.slice(at, tag.end)
    const head = `<${tag.kind === 'close' ? '/' : ''}m-${originals.length.toString(36)}`
    const tail = tag.kind === 'self' ? '/>' : '>'
    // A name of two letters or more (`<Ab>`, `<A.B/>`) leaves room for the stand-in's.
    if (original.length < head.length + tail.length) continue
    const padding = original.slice(head.length, original.length - tail.length).replace(/[^\n]/g, ' ')
    rewritten = `${rewritten.slice(0, at)}${head}${padding}${tail}${rewritten.slice(tag.end)}`
    originals.push(original)
    after = tag.end
  }
  if (originals.length === 0) return null
  const guard = blockGuard(rewritten)
  const root = cx.parse(`${guard}${rewritten}`, start - guard.length, line - 1)
  if (guard) stripLeadingZeroWidth(root)
  const [only, ...others] = root.children
  if (only?.type !== 'paragraph' || others.length > 0) return null
  const restore = (child: Nodes) => {
    if (child.type === 'html') {
      const index = STAND_IN.exec(child.value)?.[1]
      const original = index === undefined ? undefined : originals[Number.parseInt(index, 36)]
      if (original !== undefined) child.value = jsxPropsAsText(original)
    } else if ('children' in child) for (const grandchild of child.children) restore(grandchild)
  }
  restore(only)
  return only
}

/** The offsets of the code spans of a text (`` `<Link>` ``), where tags are text. */
function codeSpans(text: string): Array<{from: number; to: number}> {
  return [...text.matchAll(/(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g)].map((match) => ({from: match.index, to: match.index + match[0].length}))
}

/** A tag with each prop written as one JSX element (`text={<b>Tide tables</b>}`) given that element's text as a string instead. */
function jsxPropsAsText(tag: string): string {
  let written = ''
  let from = 0
  for (const span of jsxInAttributes(tag)) {
    const open = /\{\s*$/.exec(tag.slice(from, span.start))
    const close = /^\s*\}/.exec(tag.slice(span.end))
    const text = parseEntities(tag.slice(span.start, span.end).replace(/<[^>]*>/g, ''))
      .replace(/\s+/g, ' ')
      .trim()
    const quote = text.includes('"') ? "'" : '"'
    if (!open || !close || text.includes(quote)) continue
    written += `${tag.slice(from, span.start - open[0].length)}${quote}${text}${quote}`
    from = span.end + close[0].length
  }
  return written + tag.slice(from)
}

/**
 * What goes before text re-read alone so that it stays the paragraph it was (its start is no HTML block, list
 * item or heading when read without what stood before it): a zero-width space, which is removed after; none
 * before an underscore, which could then open no emphasis, and which starts no block.
 */
export function blockGuard(text: string): string {
  return text.startsWith('_') ? '' : '\u200b'
}
