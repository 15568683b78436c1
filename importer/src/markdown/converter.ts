/**
 * The core of the markdown conversion: one Converter per file walks the mdast tree and hands each
 * construct to its handler (handlers/, one file per kind of construct). It reads the file's import
 * lines first (MDX hoists them), turns the body into items and a tree of elements (flow-items.ts),
 * dispatches markdown nodes by type and elements by name, checks each top-level piece against the
 * content model, and reports what the file left unused or unknown. The handlers see it as a
 * HandlerContext (handler-context.ts).
 */
import type {Definition, Nodes, PhrasingContent, Root, RootContent} from 'mdast'
import {toString} from 'mdast-util-to-string'
import {withKeys} from '../keys'
import {checkRichText} from '../schema-check'
import type {NestedBlock, RichTextBlock, UnconvertedBlock} from '../portable-text'
import {isNestedBlock} from '../portable-text'
import type {ImportedComponent} from './component-imports'
import {type ConversionContext, readsAsMdx1} from './conversion-context'
import {toItems, tree} from './flow-items'
import type {Element, HandlerContext, TreeItem} from './handler-context'
import type {InlineEnvironment} from './inline'
import {attributeString, docCardItems} from './jsx-tags'
import {collectDefinitions, countNewlines, parseMarkdown} from './parse'
import {SourceText} from './source-text'
import {keepIndentedBlocksInLists} from './mdx1-lists'
import {AssetImports} from './handlers/asset-imports'
import {blockquote, htmlBlockquote} from './handlers/blockquotes'
import {codeBlock, codeComponent} from './handlers/code'
import {snackPlayer} from './handlers/snack-player'
import {details} from './handlers/details'
import {admonitionOf, directive} from './handlers/directives'
import {TRUNCATE_MARKER_ANYWHERE} from './blocks'
import {footnoteDefinition, Footnotes} from './handlers/footnotes'
import {heading, htmlHeading, takeContentTitle, themeHeading} from './handlers/headings'
import {rawHtml} from './handlers/html-elements'
import {idealImageBlock} from './handlers/ideal-image'
import {list} from './handlers/lists'
import {mathBlockOf, type MathNode} from './handlers/math'
import {
  blockExpression,
  inlineComponentLink,
  inlineComponentText,
  levelsOf,
  partial,
  reportUnknownComponents,
  siteComponent,
  unknownComponent,
} from './handlers/mdx-components'
import {collectConstants, isModuleParagraph, pluginImport, readImportLines, readImports} from './handlers/mdx-modules'
import {audio, figure, iframe, objectElement, svgComponent, themedImage, video} from './handlers/media'
import {paragraph, paragraphOfText, splitAtTruncateMarker} from './handlers/paragraphs'
import {table} from './handlers/tables'
import {tabs} from './handlers/tabs'

export class Converter implements HandlerContext {
  readonly source: SourceText
  readonly definitions = new Map<string, {url: string; title?: string | null}>()
  readonly inlineEnv: InlineEnvironment
  readonly siteComponents = new Set<string>()
  /** Components of the site's own already said to be shown as their text in a line of this file. */
  readonly inlineComponentsNoted = new Set<string>()
  readonly componentImports = new Map<string, ImportedComponent>()
  readonly partials = new Map<string, string>()
  reportedDepth = false
  readonly unknownUses = new Map<string, {lines: number[]; withContent: boolean}>()
  readonly constants = new Map<string, string>()
  readonly idealImageNames = new Set<string>()
  readonly linkNames = new Set<string>()
  readonly headingNames = new Set<string>()
  readonly assetImports: AssetImports
  readonly footnotes: Footnotes
  /** The text of the level-1 heading Docusaurus takes as the page's title heading, once converted. */
  contentTitle: string | undefined
  /** Whether only imports precede that heading (then it is also the title of the page's metadata). */
  contentTitleOpens = false
  /** The text's title heading is written below other content: it stays there, and the page shows no title above it. */
  titleInText = false

  constructor(
    markdown: string,
    readonly context: ConversionContext,
  ) {
    this.source = new SourceText(markdown, {mdx: context.features?.indentedCode !== true, mdx1: readsAsMdx1(context.features)})
    if (context.features?.legacyAdmonitionTitles === false)
      for (const {line, keyword, title} of this.source.spaceTitledAdmonitions)
        context.warn({
          file: context.file,
          line,
          message: `:::${keyword} ${title}: a title after the keyword is Docusaurus 2's syntax, which this config turns off (future.v4, or markdown.mdx1Compat.admonitions: false), so Docusaurus shows these lines as text; imported as the admonition they were written for, titled "${title}" (write :::${keyword}[${title}])`,
        })
    this.assetImports = new AssetImports((specifier, line) => context.resolveModule?.(specifier, line) ?? specifier)
    this.footnotes = new Footnotes((line, message) => context.warn({file: context.file, line, message}))
    this.inlineEnv = {
      mdx: context.features?.commonMark !== true && context.features?.indentedCode !== true,
      ...(context.features?.hiddenElements ? {hiddenElements: context.features.hiddenElements} : {}),
      resolveLink: (href, line) => context.resolveLink(href, line),
      definitions: this.definitions,
      sourceOf: (node) => this.nodeSource(node),
      imageAddress: (src, line) => context.imageAddress?.(src, line) ?? src,
      note: (line, message) => this.context.warn({file: this.context.file, line, message}),
      constants: this.constants,
      assetImage: (name) => this.assetImports.svgComponent(name)?.path,
      linkComponent: (name) => this.linkNames.has(name),
      footnote: (node) => this.footnotes.reference(node, (children) => this.flow(tree(this, toItems(this, children)), true)),
      componentText: (html, line) => inlineComponentText(this, html, line),
      componentLink: (html) => inlineComponentLink(this, html),
      codeHoldingElementIsBlock: !readsAsMdx1(context.features),
    }
  }

  convert(): RichTextBlock[] {
    // A tree from the site's plugins is copied: the conversion changes the tree it reads.
    const root = this.context.preparedRoot ? structuredClone(this.context.preparedRoot) : this.parse(this.source.text, 0, 0)
    // Docusaurus 2's MDX 1 keeps a block indented by a space or two after a list item in that item.
    if (readsAsMdx1(this.context.features)) keepIndentedBlocksInLists(root, this.source.text)
    collectDefinitions(root, this.definitions)
    this.footnotes.scan(root, this.source.text)
    // The components the site's MDXComponents gives every page, before the page's own imports (which win).
    if (this.context.globalImports) readImportLines(this, this.context.globalImports, 0, false)
    for (const node of root.children) {
      // An import a site's remark plugin wrote into the tree (an ESM node with no place in the file, for the component
      // it puts on the page) is read as the file's own import lines are.
      const written = pluginImport(node)
      if (written !== undefined) {
        readImportLines(this, written, 0, false)
        continue
      }
      if (node.type !== 'paragraph' || !isModuleParagraph(this, node)) continue
      collectConstants(this.nodeSource(node), this.constants)
      // MDX hoists imports: a partial, an image or a component may be used above its import line.
      readImports(this, node, false)
    }
    const {contentTitle, contentTitleOpens, children, titleInText} = takeContentTitle(this, root.children)
    this.contentTitle = contentTitle
    this.contentTitleOpens = contentTitleOpens === true
    this.titleInText = titleInText === true
    const blocks = tree(this, toItems(this, children)).flatMap((item) => this.checked(item, this.flow([item], false)))
    this.checkUnusedDefinitions(root)
    this.footnotes.reportNotesNotShown()
    reportUnknownComponents(this)
    return blocks
  }

  /**
   * A link definition no link uses renders nothing, but Docusaurus still resolves its markdown
   * file and reports it when it is missing: so does the importer (with the onBrokenMarkdownLinks policy).
   */
  private checkUnusedDefinitions(root: Root): void {
    const used = new Set<string>()
    const definitions: Definition[] = []
    const visit = (node: Nodes) => {
      if (node.type === 'linkReference' || node.type === 'imageReference') used.add(node.identifier)
      if (node.type === 'definition') definitions.push(node)
      if ('children' in node) for (const child of node.children) visit(child)
    }
    visit(root)
    for (const definition of definitions) {
      if (used.has(definition.identifier) || /^[a-z][a-z0-9+.-]*:/i.test(definition.url) || !/\.mdx?(#|$)/.test(definition.url)) continue
      this.context.resolveLink(definition.url, definition.position?.start.line ?? 0)
    }
  }

  /**
   * The blocks of one top-level piece of the body, checked against the content model: a piece the
   * conversion got wrong is shown as its source in a "not converted" block, with the problem, so that
   * one construct this importer misreads never stops the import of the whole site.
   */
  private checked(item: TreeItem, blocks: RichTextBlock[]): RichTextBlock[] {
    if (blocks.length === 0) return blocks
    const problems = checkRichText(withKeys(blocks))
    if (problems.length === 0) return blocks
    const shown = problems.slice(0, 3).join('; ') + (problems.length > 3 ? `; and ${problems.length - 3} more` : '')
    return [this.unconverted(item.start, item.end, item.line, `the conversion of this part gives content the content model rejects (${shown})`)]
  }

  parse(text: string, offsetDelta: number, lineDelta: number): Root {
    // A piece parsed on its own knows no definition of the page: `[Provider]` would be text, not the link it is in the
    // page. The page's definitions go before it, and out of the tree it gives.
    if (this.definitions.size === 0 || !text.includes('[')) return parseMarkdown(text, this.context.features, offsetDelta, lineDelta)
    const known = `${[...this.definitions].map(([label, {url}]) => `[${label.replace(/[\\[\]]/g, '\\$&')}]: <${url.replace(/[<>\s]/g, encodeURIComponent)}>`).join('\n')}\n\n`
    const root = parseMarkdown(`${known}${text}`, this.context.features, offsetDelta - known.length, lineDelta - countNewlines(known))
    root.children = root.children.filter((child) => (child.position?.start.offset ?? offsetDelta) >= offsetDelta)
    return root
  }

  readonly expressionValue = (expression: string): string | undefined => this.assetImports.expressionPath(expression)

  convertPartial(markdown: string, context: ConversionContext): RichTextBlock[] {
    return new Converter(markdown, context).convert()
  }

  // ---------------------------------------------------------------- flow

  flow(items: readonly TreeItem[], nested: boolean): RichTextBlock[] {
    const blocks: RichTextBlock[] = []
    for (const item of items) {
      if (item.kind === 'element') blocks.push(...this.element(item, nested))
      else if (item.kind === 'raw') blocks.push(...rawHtml(this, item, nested))
      else if (item.kind === 'expression') blocks.push(...blockExpression(this, item, nested))
      else blocks.push(...this.node(item.node, nested))
    }
    return blocks
  }

  nestedFlow(items: readonly TreeItem[]): NestedBlock[] {
    return this.flow(items, true).filter(isNestedBlock)
  }

  // ---------------------------------------------------------------- elements, by name

  private element(element: Element, nested: boolean): RichTextBlock[] {
    const {tag} = element
    const name = tag.name
    const lower = name.toLowerCase()
    switch (name) {
      case 'Tabs':
        return tabs(this, element)
      case 'TabItem':
        this.context.warn({file: this.context.file, line: element.line, message: '<TabItem> outside <Tabs>: its content is shown without tabs'})
        return this.flow(element.children, nested)
      case 'Admonition':
        return [admonitionOf(this, attributeString(tag.attributes.type) ?? 'note', attributeString(tag.attributes.title), element.children, element)]
      case 'Details':
        return [details(this, element)]
      case 'TOCInline':
        return [{_type: 'tocInline', ...levelsOf(tag.attributes)}]
      case 'DocCardList': {
        const items = typeof tag.attributes.items === 'string' ? docCardItems(tag.attributes.items) : null
        if (tag.attributes.items !== undefined && !items)
          this.context.warn({
            file: this.context.file,
            line: element.line,
            message:
              '<DocCardList items={…}>: the items are not a list of links written out (label and href): the cards of the doc’s sidebar category are shown',
          })
        if (!items) return [{_type: 'docCardList'}]
        return [
          {
            _type: 'docCardList',
            items: items.map((item) => ({_type: 'docCard' as const, ...item, href: this.context.resolveLink(item.href, element.line) ?? item.href})),
          },
        ]
      }
      case 'ThemedImage':
        return [themedImage(this, tag, element)]
      case 'CodeBlock':
        return [codeComponent(this, element)]
      case 'BrowserOnly':
      case 'Highlight':
        return this.flow(element.children, nested)
      default:
        break
    }
    if (this.headingNames.has(name)) {
      const blocks = themeHeading(this, element)
      if (blocks) return blocks
    }
    if (this.idealImageNames.has(name)) {
      return [
        idealImageBlock(
          tag.attributes,
          this.context.file,
          element.line,
          this.context.features?.idealImage,
          (src, line) => this.context.resolveImage(src, line),
          (reason) => this.unconverted(element.start, element.end, element.line, reason),
        ),
      ]
    }
    const svg = this.assetImports.svgComponent(name)
    if (svg) return [svgComponent(this, svg, element)]
    const partialSpecifier = this.partials.get(name)
    if (partialSpecifier) return partial(this, partialSpecifier, element, nested)
    if (/^[A-Z]/.test(name)) return siteComponent(this, element, nested) ?? unknownComponent(this, element, nested)
    switch (lower) {
      case 'details':
        return [details(this, element)]
      case 'summary':
        // A summary outside details: its text as a paragraph.
        return this.flow(element.children, nested)
      case 'video':
        return [video(this, element)]
      case 'audio':
        return audio(this, element)
      case 'iframe':
        return iframe(this, element)
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5':
      case 'h6':
        return htmlHeading(this, element, Number(lower.slice(1)))
      case 'hr':
        return [{_type: 'rawHtml', html: '<hr />'}]
      case 'object':
        return objectElement(this, element, nested)
      case 'script':
      case 'style':
      case 'noscript':
      case 'embed':
        this.context.warn({file: this.context.file, line: element.line, message: `<${lower}> is code of the page, which the site does not run; not shown`})
        return []
      case 'source':
      case 'track':
        return []
      case 'figure':
        return figure(this, element, nested)
      case 'blockquote':
        return htmlBlockquote(this, element)
      case 'p':
        // Its text is a paragraph, also when it holds only elements (`<p><strong>Run this:</strong></p>`), whose line
        // MDX would otherwise leave outside any paragraph.
        return this.flow(element.children, nested).map((block) => (block._type === 'block' && block.style === 'line' ? {...block, style: 'normal'} : block))
      default:
        // div, center, section, figure, p, blockquote, picture…: their content, without the element (a Snack embed's code).
        return (lower === 'div' ? snackPlayer(this, element, nested) : null) ?? this.flow(element.children, nested)
    }
  }

  // ---------------------------------------------------------------- markdown nodes, by type

  /**
   * A quote or a list of the body's own whose text holds the truncate marker (`…before graduation.<!-- truncate -->`
   * at the end of a quote): Docusaurus cuts the excerpt in its source there; here the excerpt ends after the block.
   */
  private endingExcerpt(node: RootContent, nested: boolean, blocks: RichTextBlock[]): RichTextBlock[] {
    if (nested || !holdsTruncateMarker(node) || blocks.some((block) => block._type === 'readMore')) return blocks
    return [...blocks, {_type: 'readMore'}]
  }

  private node(node: RootContent, nested: boolean): RichTextBlock[] {
    switch (node.type) {
      case 'yaml':
      case 'definition':
        return []
      case 'heading':
        return heading(this, node)
      case 'paragraph':
        // The excerpt ends at a marker in the body's own paragraphs; in a nested body (an admonition, a tab) it is only a comment.
        return (nested ? null : splitAtTruncateMarker(this, node)) ?? paragraph(this, node, 'normal')
      case 'blockquote':
        return this.endingExcerpt(node, nested, blockquote(this, node))
      case 'list':
        return this.endingExcerpt(node, nested, list(this, node, 1, nested))
      case 'code':
        return codeBlock(this, node, nested)
      case 'containerDirective':
        return directive(this, node, nested)
      case 'leafDirective':
        return paragraphOfText(this, this.nodeSource(node), node)
      case 'table':
        return [table(this, node)]
      case 'html':
        return this.flow(tree(this, toItems(this, [node])), nested)
      case 'thematicBreak':
        return [{_type: 'rawHtml', html: '<hr />'}]
      case 'math' as RootContent['type']:
        return [mathBlockOf(node as unknown as MathNode, (line, message) => this.context.warn({file: this.context.file, line, message}))]
      case 'footnoteDefinition':
        return footnoteDefinition(this, node, nested)
      case 'image':
      case 'imageReference':
        // An image where a block stands: a site's remark plugin that draws a code block as a picture
        // (a diagram service's address) leaves one; it is shown as the paragraph Docusaurus makes of it.
        return paragraph(this, {type: 'paragraph', children: [node], ...(node.position ? {position: node.position} : {})}, 'normal')
      default:
        return [this.unconvertedNode(node, `markdown "${node.type}" is not supported`)]
    }
  }

  // ---------------------------------------------------------------- helpers the handlers share

  nodeSource(node: Nodes | PhrasingContent): string {
    const start = node.position?.start.offset
    const end = node.position?.end.offset
    return start === undefined || end === undefined ? toString(node) : this.source.slice(start, end)
  }

  warn(node: Nodes, message: string): void {
    this.context.warn({file: this.context.file, line: node.position?.start.line ?? 0, message})
  }

  unconvertedNode(node: Nodes, reason: string): UnconvertedBlock {
    const start = node.position?.start.offset ?? 0
    const end = node.position?.end.offset ?? start
    return this.unconverted(start, end, node.position?.start.line ?? 0, reason)
  }

  unconverted(start: number, end: number, line: number, reason: string): UnconvertedBlock {
    this.context.warn({file: this.context.file, line, message: `${reason}; kept verbatim in a "not converted" block`})
    return {_type: 'unconverted', source: this.source.slice(start, end), reason, location: `${this.context.file}:${line}`}
  }
}

/** Whether a node's text (not its code) holds the truncate marker: an HTML comment, or MDX's comment markdown leaves as text. */
function holdsTruncateMarker(node: Nodes): boolean {
  // A walk of its own stack: quotes may nest thousands deep.
  const pending: Nodes[] = [node]
  for (let next = pending.pop(); next; next = pending.pop()) {
    if ((next.type === 'html' || next.type === 'text') && TRUNCATE_MARKER_ANYWHERE.test(next.value)) return true
    if ('children' in next) pending.push(...next.children)
  }
  return false
}
