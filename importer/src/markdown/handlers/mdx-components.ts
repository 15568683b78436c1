/**
 * JSX components that are not a block of the content model: a markdown file imported as a component
 * (its content inlined), a component of the site's own (rendered to HTML when a renderer is given),
 * any other component (its content kept, reported once per file), and `<TOCInline>`'s levels.
 */
import type {CodeBlock, RichTextBlock, SiteComponentBlock, TabPanel} from '../../portable-text'
import {isNestedBlock} from '../../portable-text'
import type {Element, HandlerContext, TreeItem} from '../handler-context'
import {parseEntities} from 'parse-entities'
import {rawHtmlSlotMarker, SITE_COMPONENT_CONTENT_MARKER} from '@site/schemas'
import {type ElementChild, importedComponent, type ImportedComponent, type ImportedProps, importStatements} from '../component-imports'
import {convertFence} from '../code-fence'
import {importedValue} from '../imported-values'
import {functionChildElementAt, isFunctionExpression, jsExpressionAt} from '../flow-expression'
import {fencedCodeBlock} from './code'
import {attributeString, BLANK_LINE_MARK, jsxInAttributes, readTag, type TagToken} from '../jsx-tags'
import {toItems, tree} from '../flow-items'
import {countNewlines} from '../parse'
import {withRelativeLinksResolved} from './relative-links'
import {partialProps, withPartialProps} from '../partial-props'

/** The heading levels `<TOCInline minHeadingLevel={…} maxHeadingLevel={…}>` lists. */
export function levelsOf(attributes: TagToken['attributes']): {minLevel?: number; maxLevel?: number} {
  const min = Number.parseInt(attributeString(attributes.minHeadingLevel) ?? '', 10)
  const max = Number.parseInt(attributeString(attributes.maxHeadingLevel) ?? '', 10)
  return {...(Number.isNaN(min) ? {} : {minLevel: min}), ...(Number.isNaN(max) ? {} : {maxLevel: max})}
}

/** A markdown file used as a component: its content, converted, where the component stands. */
export function partial(cx: HandlerContext, specifier: string, element: Element, nested: boolean): RichTextBlock[] {
  const depth = (cx.context.depth ?? 0) + 1
  const loaded = depth <= 5 ? (cx.context.loadPartial?.(specifier) ?? null) : null
  if (!loaded) {
    cx.context.warn({
      file: cx.context.file,
      line: element.line,
      message:
        depth > 5
          ? `${specifier} is imported more than 5 levels deep; not inlined again`
          : `${specifier}, imported as <${element.tag.name}>, cannot be read; its content is missing`,
    })
    return []
  }
  const {preparedRoot: _ownTree, ...context} = cx.context
  const own = cx.context.forPartial?.(loaded.file) ?? {...context, file: loaded.file}
  // MDX gives the partial the props of its use: what of it reads them is evaluated with them first.
  const withProps = withPartialProps(loaded.text, partialProps(element.tag))
  for (const problem of withProps.problems)
    own.warn({file: loaded.file, line: problem.line, message: `${problem.message} (props of <${element.tag.name}> in ${cx.context.file}:${element.line})`})
  // The site's remark plugins changed the partial as they change the pages (npm2yarn's tabs); a partial the props changed is
  // converted from its text (its expressions of the props are evaluated in the text, not in a tree).
  const preparedRoot = withProps.text === loaded.text ? cx.context.preparedRootOf?.(loaded.text) : undefined
  const blocks = cx.convertPartial(withProps.text, {...own, depth, ...(preparedRoot ? {preparedRoot} : {})})
  return nested ? blocks.filter(isNestedBlock) : blocks
}

/**
 * The props of a use that read the page's imports (`{...snippet}`, `code={samples.hello}`), as the page's render
 * reads them; a problem when one cannot be read. Other expressions are left to the renderer's literal reading.
 */
export function importedProps(cx: HandlerContext, tag: TagToken): ImportedProps | {problem: string} {
  const props: ImportedProps = {spread: {}, named: {}}
  for (const spread of tag.spreads ?? []) {
    const read = importedValue(cx, spread)
    if (read === null) return {problem: `its props {...${spread}} are not an import of the page, which the import cannot read`}
    if ('problem' in read) return {problem: `its props {...${spread}}: ${read.problem}`}
    if (typeof read.value !== 'object' || read.value === null) return {problem: `its props {...${spread}} are not an object`}
    Object.assign(props.spread, read.value)
  }
  for (const name of tag.expressions ?? []) {
    const written = tag.attributes[name]
    const read = typeof written === 'string' ? importedValue(cx, written) : null
    if (read === null) continue
    if ('problem' in read) return {problem: `its prop ${name}={${written}}: ${read.problem}`}
    props.named[name] = read.value
  }
  return props
}

/** A component of the site's own, rendered; null when it is not one or there is no renderer. */
export function siteComponent(cx: HandlerContext, element: Element, nested = false): RichTextBlock[] | null {
  const name = element.tag.name
  const imported = importedComponent(cx.componentImports, name)
  if (!imported || !cx.context.renderComponent) return null
  const called = withFunctionChildren(cx, element, nested)
  if (called) return called
  const withContent = element.children.length > 0
  const fragments = jsxProps(cx, element)
  const tag = fragments?.tag ?? element.tag
  const props = importedProps(cx, tag)
  const rendered = 'problem' in props ? props : cx.context.renderComponent(imported, tag.attributes, tag.expressions ?? new Set(), withContent, props)
  if ('problem' in rendered) {
    const read = withContent ? withElementChildren(cx, element, imported, tag, props, nested) : null
    if (read) return read
    cx.context.warn({
      file: cx.context.file,
      line: element.line,
      message: `<${name}> (a component of the site's own, from ${imported.specifier}) cannot be rendered here: ${rendered.problem}; ${withContent ? 'its content is kept without it' : 'it has no content of its own to keep'}`,
    })
    return cx.flow(element.children, true)
  }
  if (rendered.markup.trim() === '') {
    // A component that renders nothing on the server (it only acts in the browser, from an effect):
    // Docusaurus's page shows nothing there either, and what it does in the browser is not kept.
    cx.context.warn({
      file: cx.context.file,
      line: element.line,
      message: `<${name}> (a component of the site's own, from ${imported.specifier}) renders nothing when the page is built; what it does in the browser is not kept${withContent ? ', nor the content it was given' : ''}`,
    })
    return []
  }
  const slots = fragments?.slots ?? []
  if (slots.length > 0) {
    const body = withContent ? cx.flow(element.children, true).filter(isNestedBlock) : []
    return [{_type: 'siteComponent', name, markup: rendered.markup, ...(body.length > 0 ? {body} : {}), slots}]
  }
  if (!withContent) return renderedBlocks(cx, name, rendered.markup, nested, element.line)
  if (!rendered.markup.includes(SITE_COMPONENT_CONTENT_MARKER)) {
    const apart = childrenApart(cx, element, imported, tag, props)
    if (apart) return [apart]
  }
  const body = cx.flow(element.children, true).filter(isNestedBlock)
  return [{_type: 'siteComponent', name, markup: rendered.markup, ...(body.length > 0 ? {body} : {})}]
}

/**
 * A component given a function as its children, which it calls (`<Flavored flavors={[…]}>{(flavor) => \`…\`}</Flavored>`,
 * a render prop): the element as written is JavaScript, rendered whole as a block expression is, the page's imports in
 * scope. Null when its content is anything else.
 */
function withFunctionChildren(cx: HandlerContext, element: Element, nested: boolean): RichTextBlock[] | null {
  const [only, ...rest] = element.children
  if (!element.closed || rest.length > 0 || only?.kind !== 'expression' || !isFunctionExpression(jsExpressionAt(only.expression))) return null
  // Read from the file as written, as the expressions were compiled (the parsed text moves a lone `>` of a tag).
  const found = functionChildElementAt(cx.source.original, originalOffset(cx, element.start))
  if (!found) return null
  return blockExpression(cx, {kind: 'expression', expression: found.expression, start: element.start, end: element.end, line: element.line}, nested)
}

/** The offset in the file as written of an offset of the parsed text: the same column of the same line. */
function originalOffset(cx: HandlerContext, offset: number): number {
  const text = cx.source.text
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1
  const line = countNewlines(text.slice(0, lineStart))
  let at = 0
  for (let index = 0; index < line && at !== -1; index++) at = cx.source.original.indexOf('\n', at) + 1
  return at + (offset - lineStart)
}

/** The blocks of markup a component of the site (or an expression) rendered without content given to it. */
function renderedBlocks(cx: HandlerContext, name: string, rendered: string, nested: boolean, line: number): RichTextBlock[] {
  const markup = withRelativeLinksResolved(cx, rendered, line)
  const code = codeBlocksOf(cx, markup)
  if (code) return code
  if (THEME_ELEMENTS.test(markup)) {
    // The theme's tabs or admonitions among other markup (a tab of text and code per package manager): read as the
    // page's own blocks, the rest of its markup as a React page's is.
    return convertedHere(cx, renderedMarkupAsMdx(markup), nested)
  }
  // One code block of the theme inside markup of the component's own (a snippet's frame and title bar): the frame, with
  // that code block as its content, highlighted as the site's.
  const framed = codeBlockInFrame(cx, markup)
  if (framed) return [{_type: 'siteComponent', name, markup: framed.markup, body: [framed.code]}]
  return [{_type: 'siteComponent', name, markup}]
}

/**
 * An MDX expression standing as a block (`{(() => { … return <Cards rows={rows} /> })()}`): what it renders, as a
 * component of the site's would be; kept as not converted, saying why, when it cannot be evaluated here.
 */
export function blockExpression(cx: HandlerContext, item: Extract<TreeItem, {kind: 'expression'}>, nested: boolean): RichTextBlock[] {
  const rendered = cx.context.renderExpression?.(item.expression) ?? {problem: 'the site’s code is not run by this conversion'}
  if ('problem' in rendered) {
    return [cx.unconverted(item.start, item.end, item.line, `an MDX expression of the page's JavaScript cannot be evaluated here: ${rendered.problem}`)]
  }
  if (rendered.markup.trim() === '') {
    cx.context.warn({
      file: cx.context.file,
      line: item.line,
      message: 'an MDX expression of the page renders nothing when the page is built; what it does in the browser is not kept',
    })
    return []
  }
  return renderedBlocks(cx, 'expression', rendered.markup, nested, item.line)
}

/**
 * A component that reads its children's props (`<DatabaseTabs>` of `<DatabaseTab value="postgres">…</DatabaseTab>`s, each
 * child a component of the site that renders nothing itself, and the parent failing when given anything else): rendered
 * with its children as those elements, each one's content a marker. When its markup is the theme's tabs or admonitions
 * (the only markup read as the page's own blocks), each marker is given that child's content as written in the page,
 * and the whole read as the page's markdown. Null otherwise.
 */
function withElementChildren(
  cx: HandlerContext,
  element: Element,
  imported: ImportedComponent,
  tag: TagToken,
  props: ImportedProps | {problem: string},
  nested: boolean,
): RichTextBlock[] | null {
  if ('problem' in props || !cx.context.renderComponent) return null
  const children = element.children.filter((child) => child.kind !== 'raw' || child.html.trim() !== '')
  const elements = children.flatMap((child) => (child.kind === 'element' ? [child] : []))
  if (elements.length === 0 || elements.length !== children.length) return null
  const specs: ElementChild[] = []
  for (const [index, child] of elements.entries()) {
    const component = importedComponent(cx.componentImports, child.tag.name)
    if (!component) return null
    specs.push({component, attributes: child.tag.attributes, expressions: child.tag.expressions ?? new Set(), marker: rawHtmlSlotMarker(index)})
  }
  const rendered = cx.context.renderComponent(imported, tag.attributes, tag.expressions ?? new Set(), specs, props)
  if ('problem' in rendered || !THEME_ELEMENTS.test(rendered.markup) || !specs.every((spec) => rendered.markup.includes(spec.marker))) return null
  let text = renderedMarkupAsMdx(rendered.markup)
  for (const [index, child] of elements.entries()) {
    const first = child.children[0]
    const last = child.children.at(-1)
    const content = first && last ? cx.source.text.slice(first.start, last.end) : ''
    text = text.replace(rawHtmlSlotMarker(index), () => `\n\n${content}\n\n`)
  }
  // The page's imports, so that the components of the content are the page's.
  const imports = importStatements(cx.source.text).map((statement) => statement.statement)
  return convertedHere(cx, `${imports.join('\n')}\n\n${text}`, nested)
}

/** Markdown made from what a component rendered, converted as this page's own (its links, images and components), one level deeper. */
function convertedHere(cx: HandlerContext, markdown: string, nested: boolean): RichTextBlock[] {
  const {preparedRoot: _ownTree, ...context} = cx.context
  const blocks = cx.convertPartial(markdown, {...context, depth: (cx.context.depth ?? 0) + 1})
  return nested ? blocks.filter(isNestedBlock) : blocks
}

/** The theme's components as their stand-ins render them, written as the elements (stubs/theme/Tabs.cjs, TabItem.cjs, Admonition.cjs). */
const THEME_ELEMENTS = /<(?:Tabs|TabItem|Admonition)[\s>]/

/**
 * Markup React rendered, as MDX reads it as written: braces are text (entities), the text's markdown punctuation too
 * (React's text is literal: `` `reducer` `` shows its backticks, `a_b_c` no emphasis), and a code block's lines stay
 * one piece of HTML (its line breaks as entities: a blank line would end it).
 */
export function renderedMarkupAsMdx(markup: string): string {
  const entity = (character: string) => `&#${character.charCodeAt(0)};`
  return markup.replace(/<pre\b[\s\S]*?<\/pre>|<[^>]*>|[^<]+/g, (part) => {
    if (part.startsWith('<pre')) return part.replace(/[{}\n]/g, entity)
    if (part.startsWith('<')) return part.replace(/[{}]/g, entity)
    return part.replace(/[{}`*_[\]\\~$]/g, entity)
  })
}

/**
 * A component that places its children apart (`{children[0]}` in one frame, `{children[1]}` in another) cuts the
 * one content marker it was given: it is rendered again with each child of its content (an element, a code block,
 * a paragraph, as MDX gives them) as a marker of its own, and each child converted into the slot at its marker.
 * Null when the content has one child, or a marker is still missing from the markup.
 */
function childrenApart(
  cx: HandlerContext,
  element: Element,
  imported: ImportedComponent,
  tag: TagToken,
  props: ImportedProps | {problem: string},
): SiteComponentBlock | null {
  const children = element.children.filter((child) => child.kind !== 'raw' || child.html.trim() !== '')
  if (children.length < 2 || 'problem' in props || !cx.context.renderComponent) return null
  const markers = children.map((_, index) => rawHtmlSlotMarker(index))
  const rendered = cx.context.renderComponent(imported, tag.attributes, tag.expressions ?? new Set(), markers, props)
  if ('problem' in rendered || !markers.every((marker) => rendered.markup.includes(marker))) return null
  const slots = children.map((child): SlotBlock => ({_type: 'htmlSlot', body: cx.flow([child], true).filter(isNestedBlock)}))
  return {_type: 'siteComponent', name: element.tag.name, markup: rendered.markup, slots}
}

/**
 * JSX given to a component as props (`annotations={[{label: 'Ref', description: <>…markdown…</>}]}`): each element or
 * fragment is given to the component as rawHtmlSlotMarker(n), and its content is converted as the page's (as MDX 1
 * reads it: markdown, components, admonitions) into slot n. The tag with the markers in place of the JSX, and the
 * slots; null when no prop holds JSX.
 */
function jsxProps(cx: HandlerContext, element: Element): {tag: TagToken; slots: SlotBlock[]} | null {
  const source = cx.source.text.slice(element.start, element.start + (element.tag.end - element.tag.start))
  if (!source.startsWith(`<${element.tag.name}`)) return null
  const found = jsxInAttributes(source)
  if (found.length === 0) return null
  let rewritten = ''
  let from = 0
  const slots = found.map((span, index): SlotBlock => {
    rewritten += `${source.slice(from, span.start)}${JSON.stringify(rawHtmlSlotMarker(index))}`
    from = span.end
    const jsx = source.slice(span.start, span.end)
    const fragment = jsx.startsWith('<>')
    const at = element.start + span.start + (fragment ? 2 : 0)
    const content = (fragment ? jsx.slice(2, -3) : jsx).replaceAll(BLANK_LINE_MARK, ' ')
    const root = cx.parse(content, at, countNewlines(cx.source.text.slice(0, at)))
    return {_type: 'htmlSlot', body: cx.flow(tree(cx, toItems(cx, root.children)), true).filter(isNestedBlock)}
  })
  rewritten += source.slice(from)
  const tag = readTag(rewritten, 0)
  return tag ? {tag, slots} : null
}

type SlotBlock = NonNullable<SiteComponentBlock['slots']>[number]

/** The one theme code block of a component's markup, and the markup with the content marker in its place; null when it has none or several. */
function codeBlockInFrame(cx: HandlerContext, markup: string): {markup: string; code: CodeBlock} | null {
  const pattern = new RegExp(CODE_BLOCK_MARKUP.source, 'g')
  const found = [...markup.matchAll(pattern)]
  const match = found[0]
  if (found.length !== 1 || !match || markup.includes(SITE_COMPONENT_CONTENT_MARKER)) return null
  const blocks = codeBlocksOf(cx, match[0])
  const code = blocks?.[0]
  if (!code || code._type !== 'codeBlock') return null
  return {markup: `${markup.slice(0, match.index)}${SITE_COMPONENT_CONTENT_MARKER}${markup.slice(match.index + match[0].length)}`, code}
}

/** The theme's code block as its stand-in renders it (stubs/theme/CodeBlock.cjs): `<pre title><code class="language-x">`. */
const CODE_BLOCK_MARKUP = /\s*<pre(?: title="([^"]*)")?><code(?: class="language-([^"]+)")?>([^<]*)<\/code><\/pre>\s*/y
/** The theme's tabs as their stand-ins render them (stubs/theme/Tabs.cjs, TabItem.cjs), up to the first panel's content. */
const TABS_START = /\s*<Tabs(?: groupId="([^"]*)")?>/y
const TAB_PANEL_START = /<TabItem value="([^"]*)" label="([^"]*)"( data-default="true")?>/y

/**
 * A component that renders only the theme's code blocks (a snippet component reading a file of code), or tabs of
 * them: those code blocks, or those tabs, highlighted and copied as the site's own; null when it renders anything else.
 */
export function codeBlocksOf(cx: HandlerContext, markup: string): RichTextBlock[] | null {
  const codeAt = (at: number): {blocks: CodeBlock[]; end: number} => {
    const blocks: CodeBlock[] = []
    CODE_BLOCK_MARKUP.lastIndex = at
    let match: RegExpExecArray | null
    while ((match = CODE_BLOCK_MARKUP.exec(markup))) {
      const title = match[1] === undefined ? '' : `title="${parseEntities(match[1]).replace(/"/g, "'")}"`
      // The theme's code block leaves out the code's last line break, as a fence's code has none.
      const fence = convertFence(
        match[2] ?? cx.context.features?.defaultCodeLanguage ?? null,
        title,
        parseEntities(match[3] ?? '').replace(/\n$/, ''),
        cx.context.features?.magicComments,
      )
      blocks.push(fencedCodeBlock(fence))
      at = CODE_BLOCK_MARKUP.lastIndex
    }
    return {blocks, end: at}
  }
  const plain = codeAt(0)
  if (plain.blocks.length > 0) return plain.end === markup.length ? plain.blocks : null
  TABS_START.lastIndex = 0
  const tabs = TABS_START.exec(markup)
  if (!tabs) return null
  const panels: TabPanel[] = []
  let at = TABS_START.lastIndex
  for (;;) {
    TAB_PANEL_START.lastIndex = at
    const panel = TAB_PANEL_START.exec(markup)
    if (!panel) break
    const code = codeAt(TAB_PANEL_START.lastIndex)
    if (code.blocks.length === 0 || !markup.startsWith('</TabItem>', code.end)) return null
    const [value, label] = [parseEntities(panel[1] ?? ''), parseEntities(panel[2] ?? '')]
    panels.push({_type: 'tabPanel', value, label, ...(panel[3] ? {isDefault: true} : {}), body: code.blocks})
    at = code.end + '</TabItem>'.length
  }
  if (panels.length === 0 || !/^<\/Tabs>\s*$/.test(markup.slice(at))) return null
  return [{_type: 'tabs', ...(tabs[1] ? {groupId: parseEntities(tabs[1])} : {}), panels}]
}

/**
 * The text a component of the site's own shows where a line of text uses it alone (`bound (<TokProc />)`): in
 * MDX such a tag is part of the paragraph, so what it renders is, as text (its markup's styling is not
 * kept, and said); undefined when the tag is not such a component or it cannot be rendered here.
 */
export function inlineComponentText(cx: HandlerContext, html: string, line: number): InlineComponentShown | undefined {
  const tag = readTag(html, 0)
  // A component given content in the line (`<Tip>text</Tip>`) is rendered here only when it leaves that content out (it
  // shows a prop, or text of its own): the line shows what it renders instead. Others keep their content, as text or link.
  const imported = tag?.kind === 'self' || tag?.kind === 'open' ? importedComponent(cx.componentImports, tag.name) : undefined
  if (!tag || !imported || !cx.context.renderComponent) return undefined
  const props = importedProps(cx, tag)
  const withContent = tag.kind === 'open'
  const rendered = 'problem' in props ? props : cx.context.renderComponent(imported, tag.attributes, tag.expressions ?? new Set(), withContent, props)
  if (withContent && ('problem' in rendered || rendered.markup.includes(SITE_COMPONENT_CONTENT_MARKER))) return undefined
  if ('problem' in rendered) {
    cx.context.warn({
      file: cx.context.file,
      line,
      message: `<${tag.name}> (a component of the site's own, from ${imported.specifier}) cannot be rendered here: ${rendered.problem}; it is left out of the line`,
    })
    return {text: ''}
  }
  const text = parseEntities(rendered.markup.replace(/<[^>]*>/g, '')).replace(/\s+/g, ' ')
  // One link and nothing else (a link to another doc, titled by it): the text, as that link.
  const link = /^\s*<a\s[^>]*?\bhref="([^"]*)"[^>]*>(?:(?!<\/?a[\s>]).)*<\/a>\s*$/s.exec(rendered.markup)
  if (!cx.inlineComponentsNoted.has(tag.name)) {
    cx.inlineComponentsNoted.add(tag.name)
    cx.context.warn({
      file: cx.context.file,
      line,
      message: `<${tag.name}> (a component of the site's own, from ${imported.specifier}) in a line of text is shown as the text${onlyImageOf(rendered.markup) ? ' and the image' : ''} it renders ("${text.trim().slice(0, 40)}")${link ? ', as the link it renders, without its other markup' : ', without its markup'}`,
    })
  }
  const image = onlyImageOf(rendered.markup)
  return {text, ...(link?.[1] === undefined ? {} : {href: parseEntities(link[1])}), ...(image ? {image} : {})}
}

/** What a component in a line of text shows there: its text, the link it draws, the one image it draws (a badge). */
export interface InlineComponentShown {
  text: string
  href?: string
  image?: {src: string; alt: string; width?: string; height?: string}
}

/** The one `<img>` of a component's markup, when it draws one, with its address as written. */
function onlyImageOf(markup: string): InlineComponentShown['image'] | undefined {
  const images = [...markup.matchAll(/<img\s([^>]*?)\/?>/g)]
  if (images.length !== 1) return undefined
  const attributes = images[0]?.[1] ?? ''
  const value = (name: string) => {
    const found = new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1]
    return found === undefined ? undefined : parseEntities(found)
  }
  const src = value('src')
  if (!src) return undefined
  const width = value('width')
  const height = value('height')
  return {src, alt: value('alt') ?? '', ...(width ? {width} : {}), ...(height ? {height} : {})}
}

/**
 * A component of the site's own given content in a line of text (`<RepoLink href="x">the template</RepoLink>`) that
 * renders a link around that content: the link's address, which the content keeps as a link. Undefined for any other
 * component, whose content is kept as text; why, when the component fails to render.
 */
export function inlineComponentLink(cx: HandlerContext, html: string): string | {problem: string} | undefined {
  const tag = readTag(html, 0)
  const imported = tag?.kind === 'open' ? importedComponent(cx.componentImports, tag.name) : undefined
  if (!tag || !imported || !cx.context.renderComponent) return undefined
  const props = importedProps(cx, tag)
  const rendered = 'problem' in props ? props : cx.context.renderComponent(imported, tag.attributes, tag.expressions ?? new Set(), true, props)
  if ('problem' in rendered)
    return {
      problem: `<${tag.name}> (a component of the site's own, from ${imported.specifier}) cannot be rendered here: ${rendered.problem}; its content is kept as text`,
    }
  const marker = SITE_COMPONENT_CONTENT_MARKER.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const link = new RegExp(`^\\s*<a\\s[^>]*?\\bhref="([^"]*)"[^>]*>\\s*${marker}\\s*</a>\\s*$`).exec(rendered.markup)
  if (link?.[1]) return parseEntities(link[1])
  return {
    problem: `<${tag.name}> (a component of the site's own, from ${imported.specifier}) in a line of text keeps only its content, as text: what it draws around it is not kept`,
  }
}

export function unknownComponent(cx: HandlerContext, element: Element, nested: boolean): RichTextBlock[] {
  const name = element.tag.name
  const uses = cx.unknownUses.get(name) ?? {lines: [], withContent: false}
  uses.lines.push(element.line)
  uses.withContent ||= element.children.length > 0
  cx.unknownUses.set(name, uses)
  return cx.flow(element.children, nested)
}

/** One warning per unknown component of the file, at its first use, counting the others. */
export function reportUnknownComponents(cx: HandlerContext): void {
  for (const [name, {lines, withContent}] of cx.unknownUses) {
    const origin = cx.siteComponents.has(name) ? "a component of the site's own" : 'a component'
    const kept = withContent ? 'its content is kept without it' : 'it has no content of its own to keep'
    const [first = 0, ...others] = lines
    const more =
      others.length === 0 ? '' : ` (also at line${others.length > 1 ? 's' : ''} ${others.slice(0, 5).join(', ')}${others.length > 5 ? ', …' : ''} of this file)`
    cx.context.warn({file: cx.context.file, line: first, message: `<${name}> is ${origin}, which cannot be imported: ${kept}${more}`})
  }
}
