/**
 * The Portable Text renderer: one component per block type in a components map built once,
 * rendering prepared bodies (see prepare.ts) on the server. Everything is server markup: the page
 * script (web/src/client/main.ts) drives the copy buttons, tabs and embeds. Preparing refuses the
 * types nothing here renders, naming the document; missingComponent stops what gets past it.
 */
import {isLinkLook, type LinkLook} from '@site/schemas'
import {
  PortableText,
  type PortableTextBlockComponent,
  type PortableTextComponents,
  type PortableTextListComponent,
  type PortableTextMarkComponent,
  type PortableTextMarkComponentProps,
  type PortableTextTypeComponentProps,
} from '@portabletext/react'
import type {PortableTextBlock} from '@portabletext/types'
import {createElement, Fragment, type ReactNode} from 'react'
import {CopyButton} from '../components/copy-button'
import {CLASS} from '../components/seam'
import {LazyEmbed} from '../components/lazy-embed'
import {Tabs} from '../components/tabs'
import {TocLinks} from './toc'
import {type MarkupNode, placesContent} from './component-markup'
import type {InlineNode} from './inline-markup'
import {KATEX_STYLESHEET_URL} from './math'
import {sanitizeInlineStyle} from './sanitize'
import type {
  PreparedAdmonition,
  PreparedQuote,
  PreparedBlock,
  PreparedCode,
  PreparedDetails,
  PreparedDiagram,
  PreparedMathBlock,
  PreparedMathInline,
  PreparedAnchorTarget,
  PreparedDocCardList,
  PreparedEmbed,
  PreparedFootnoteRef,
  PreparedFootnotes,
  PreparedNote,
  PreparedHeading,
  PreparedImage,
  PreparedInlineImage,
  PreparedMarkDef,
  PreparedRawHtml,
  PreparedSiteComponent,
  PreparedTable,
  PreparedTabs,
  PreparedTextBlock,
  PreparedTocInline,
  PreparedUnconverted,
  PreparedVideo,
} from './types'
import type {Decorator, ListKind, TextStyle} from './types'

/** Inline markup of table cells and heading texts, as elements; a newline in a cell's text is a line break. */
export function InlineContent({nodes}: {nodes: readonly InlineNode[]}): ReactNode {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return (
          <Fragment key={index}>
            {node.text.split('\n').map((line, at) => (
              <Fragment key={at}>
                {at > 0 ? <br /> : null}
                {line}
              </Fragment>
            ))}
          </Fragment>
        )
      case 'code':
        return <code key={index}>{node.text}</code>
      case 'codeBox':
        return (
          <pre key={index} className="code-box">
            <code>
              <InlineContent nodes={node.children} />
            </code>
          </pre>
        )
      case 'list': {
        const items = node.items.map((item, at) => (
          <li key={at}>
            <InlineContent nodes={item} />
          </li>
        ))
        return node.ordered ? (
          <ol key={index} start={node.start === 1 ? undefined : node.start}>
            {items}
          </ol>
        ) : (
          <ul key={index}>{items}</ul>
        )
      }
      case 'footnote':
        return node.reference ? <FootnoteReferenceLink key={index} {...node.reference} /> : <Fragment key={index}>{`[^${node.label}]`}</Fragment>
      case 'strong':
        return (
          <strong key={index}>
            <InlineContent nodes={node.children} />
          </strong>
        )
      case 'em':
        return (
          <em key={index}>
            <InlineContent nodes={node.children} />
          </em>
        )
      case 'del':
        return (
          <del key={index}>
            <InlineContent nodes={node.children} />
          </del>
        )
      case 'link':
        return (
          <SiteLink key={index} href={node.href}>
            <InlineContent nodes={node.children} />
          </SiteLink>
        )
      case 'math':
        return node.html ? (
          <Fragment key={index}>
            <KatexStylesheet />
            <span className="math-inline" dangerouslySetInnerHTML={{__html: node.html}} />
          </Fragment>
        ) : (
          <MathError key={index} tex={node.tex} problem={node.problem} />
        )
      case 'image':
        // A badge or icon in a table cell (`![alt](src)`): an address of the site or an http(s) one;
        // any other scheme shows the alternative text instead.
        return INLINE_IMAGE_SOURCE.test(node.src) ? (
          <img key={index} src={node.src} alt={node.alt} loading="lazy" decoding="async" className="inline-image" />
        ) : (
          <Fragment key={index}>{node.alt}</Fragment>
        )
    }
  })
}

/** What an inline image may load: a path of the site (absolute or relative) or an http(s) address. */
const INLINE_IMAGE_SOURCE = /^(?:https?:\/\/|\/(?!\/)|\.{0,2}\/|[\w-][\w./-]*$)/

/** A link of the text; `look` draws it as one of the site's buttons (a call to action). */
function SiteLink({href, look, children}: {href: string; look?: LinkLook; children: ReactNode}) {
  const external = /^https?:\/\//.test(href)
  const className = look === 'button' ? 'button button-primary' : look === 'button-secondary' ? 'button button-secondary' : undefined
  return external ? (
    <a href={href} className={className} rel="noopener noreferrer" target="_blank">
      {children}
    </a>
  ) : (
    <a href={href} className={className}>
      {children}
    </a>
  )
}

function hasAnchor(value: PortableTextBlock): value is PortableTextBlock & {anchor: string} {
  return 'anchor' in value && typeof value.anchor === 'string'
}

function headingBlock(Tag: 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6') {
  function BlockHeading({value, children}: {value: PortableTextBlock; children?: ReactNode}) {
    return (
      <Tag id={hasAnchor(value) ? value.anchor : undefined} className={Tag === 'h1' ? 'text-h1' : undefined}>
        {children}
      </Tag>
    )
  }
  BlockHeading.displayName = `Block${Tag.toUpperCase()}`
  return BlockHeading
}

function HeadingView({value}: PortableTextTypeComponentProps<PreparedHeading>) {
  const Tag = `h${value.level}` as const
  return (
    <Tag id={value.anchor} className={Tag === 'h1' ? 'text-h1' : undefined}>
      <InlineContent nodes={value.content} />
    </Tag>
  )
}

function CodeBlockView({value}: PortableTextTypeComponentProps<PreparedCode>) {
  return (
    <div className={CLASS.codeBlock} data-language={value.language}>
      {value.title ? <div className="code-block-title">{value.title}</div> : null}
      <div className="code-block-body">
        <div className="code-block-pre" dangerouslySetInnerHTML={{__html: value.html}} />
        <CopyButton copy={value.labels.copy} copied={value.labels.copied} label={value.labels.copyLabel} />
      </div>
    </div>
  )
}

/** KaTeX's stylesheet: React puts it in <head> once, whatever the number of formulas, and only on pages that have one. */
function KatexStylesheet() {
  return <link rel="stylesheet" href={KATEX_STYLESHEET_URL} precedence="katex" />
}

function MathBlockView({value}: PortableTextTypeComponentProps<PreparedMathBlock>) {
  return (
    <>
      <KatexStylesheet />
      <div className="math-display" dangerouslySetInnerHTML={{__html: value.html}} />
    </>
  )
}

/** An anchor: an empty element with its id, where a link's #fragment lands (Docusaurus draws `<a id>`). */
function AnchorTargetView({value}: PortableTextTypeComponentProps<PreparedAnchorTarget>) {
  return <span id={value.id} className="anchor-target" />
}

/**
 * Math inside text that KaTeX cannot read: its TeX in KaTeX's error colour, the problem as its title,
 * as rehype-katex shows it on a Docusaurus site (KaTeX's own `katex-error` element).
 */
function MathError({tex, problem}: {tex: string; problem?: string | undefined}) {
  return (
    <span className="katex-error" title={problem} style={{color: '#cc0000'}}>
      {tex}
    </span>
  )
}

function MathInlineView({value}: PortableTextTypeComponentProps<PreparedMathInline>) {
  if (value.html === null) return <MathError tex={value.tex} problem={value.problem} />
  return (
    <>
      <KatexStylesheet />
      <span className="math-inline" dangerouslySetInnerHTML={{__html: value.html}} />
    </>
  )
}

/** A diagram drawn at build: its SVG in the site's colours (both modes), its source a click away for readers who want it. */
function DiagramView({value}: PortableTextTypeComponentProps<PreparedDiagram>) {
  return (
    <figure className="mermaid-diagram" style={{margin: '0 0 1.25rem', overflowX: 'auto', textAlign: 'center'}}>
      <div className="mermaid-diagram-svg" dangerouslySetInnerHTML={{__html: value.svg}} />
      {value.title ? <figcaption style={{color: 'var(--color-text-muted)', fontSize: '0.875rem'}}>{value.title}</figcaption> : null}
    </figure>
  )
}

function AdmonitionView({value}: PortableTextTypeComponentProps<PreparedAdmonition>) {
  return (
    <aside className={`admonition admonition-${value.kind}`}>
      <p className="admonition-title">{value.title}</p>
      {/* Without content the box is its title alone, as Docusaurus draws it. */}
      {value.body.length > 0 ? (
        <div className="admonition-content">
          <PortableBody blocks={value.body} />
        </div>
      ) : null}
    </aside>
  )
}

/** One quote around its blocks, as markdown's `>` quote of several blocks is shown. */
function QuoteView({value}: PortableTextTypeComponentProps<PreparedQuote>) {
  return (
    <blockquote className="quote-blocks">
      <PortableBody blocks={value.body} />
    </blockquote>
  )
}

function TabsView({value}: PortableTextTypeComponentProps<PreparedTabs>) {
  const defaultIndex = Math.max(
    0,
    value.panels.findIndex((panel) => panel.isDefault),
  )
  return (
    <Tabs
      id={`tabs-${value._key}`}
      groupId={value.groupId}
      values={value.panels.map((panel) => panel.value)}
      labels={value.panels.map((panel) => panel.label)}
      defaultIndex={defaultIndex}
    >
      {value.panels.map((panel) => (
        <PortableBody key={panel.key} blocks={panel.body} />
      ))}
    </Tabs>
  )
}

function ThemedImageView({value}: PortableTextTypeComponentProps<PreparedImage>) {
  const {light, dark} = value
  const single = light ?? dark
  if (!single) return null
  const image = (source: NonNullable<PreparedImage['light']>, className: string | undefined) => (
    <img
      className={className}
      src={source.url}
      alt={value.alt}
      width={value.width ?? source.width ?? undefined}
      height={value.height ?? (value.width ? undefined : source.height) ?? undefined}
      srcSet={source === light ? (value.srcset ?? undefined) : undefined}
      sizes={source === light && value.srcset ? (value.sizes ?? undefined) : undefined}
      loading="lazy"
      decoding="async"
    />
  )
  const images =
    light && dark ? (
      <>
        {image(light, 'themed-image-light')}
        {image(dark, 'themed-image-dark')}
      </>
    ) : (
      image(single, undefined)
    )
  return (
    <figure className="themed-image">
      {value.href ? <SiteLink href={value.href}>{images}</SiteLink> : images}
      {value.caption ? (
        <figcaption>
          <InlineContent nodes={value.caption} />
        </figcaption>
      ) : null}
    </figure>
  )
}

function InlineImageView({value}: PortableTextTypeComponentProps<PreparedInlineImage>) {
  const image = (
    <img
      className="inline-image"
      src={value.src}
      alt={value.alt}
      width={value.width ?? undefined}
      height={value.height ?? undefined}
      loading="lazy"
      decoding="async"
    />
  )
  return value.href ? <SiteLink href={value.href}>{image}</SiteLink> : image
}

function DetailsView({value}: PortableTextTypeComponentProps<PreparedDetails>) {
  return (
    <details className={value.className ? `details ${value.className}` : 'details'} open={value.open || undefined}>
      <summary>
        <InlineContent nodes={value.summary} />
      </summary>
      <div className="details-content">
        <PortableBody blocks={value.body} />
      </div>
    </details>
  )
}

function VideoView({value}: PortableTextTypeComponentProps<PreparedVideo>) {
  return (
    <figure className="video">
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the video type has no caption track yet (nor have the Docusaurus videos it is imported from): to add to the model, the importer and here */}
      <video
        controls={value.controls}
        autoPlay={value.autoPlay}
        loop={value.loop}
        muted={value.muted}
        playsInline
        preload="metadata"
        poster={value.poster ?? undefined}
        width={value.width ?? undefined}
        height={value.height ?? undefined}
        aria-label={value.title ?? undefined}
      >
        {value.sources.map((source) => (
          <source key={source.src} src={source.src} type={source.type ?? undefined} />
        ))}
        {value.fallback.length > 0 ? <InlineContent nodes={value.fallback} /> : <a href={value.sources[0]?.src}>{value.title ?? value.sources[0]?.src}</a>}
      </video>
    </figure>
  )
}

/**
 * The cards of a category (its generated index, or `<DocCardList />`), as Docusaurus draws them: a card
 * per item with its title (a heading, after the emoji Docusaurus puts before it: a doc, a category, a
 * link to another site) and the doc's description, or how many items a category holds.
 */
/** A label's leading emoji (`🚀 Launch`), which a card shows as its icon, and the rest of the label. */
const LEADING_EMOJI = /^(\p{Extended_Pictographic}(?:\uFE0F|\u200D\p{Extended_Pictographic}\uFE0F?)*)\s*(.*)$/su

/** A card's icon and title, as Docusaurus 3.10 draws them: the label's own leading emoji, else one for its kind. */
function cardIconTitle(card: PreparedDocCardList['cards'][number]): {icon: string; title: string} {
  const own = LEADING_EMOJI.exec(card.label)
  if (own?.[1] && own[2]) return {icon: own[1], title: own[2]}
  return {icon: card.items !== undefined ? '🗃' : /^https?:\/\//.test(card.href) ? '🔗' : '📄️', title: card.label}
}

export function DocCards({cards}: {cards: PreparedDocCardList['cards']}) {
  return (
    <section className="doc-cards">
      {cards.map((card) => (
        <article key={card.href} className="doc-card">
          <a href={card.href}>
            {/* One line each (cut with an ellipsis); the whole text in the title. */}
            <h2 className="doc-card-title" title={cardIconTitle(card).title}>
              {cardIconTitle(card).icon} {cardIconTitle(card).title}
            </h2>
            {card.description ? (
              <p className="doc-card-description" title={card.description}>
                {card.description}
              </p>
            ) : null}
          </a>
        </article>
      ))}
    </section>
  )
}

function DocCardListView({value}: PortableTextTypeComponentProps<PreparedDocCardList>) {
  return value.cards.length === 0 ? null : <DocCards cards={value.cards} />
}

function TocInlineView({value}: PortableTextTypeComponentProps<PreparedTocInline>) {
  if (value.entries.length === 0) return null
  return (
    <div className="toc-inline">
      <TocLinks entries={value.entries} />
    </div>
  )
}

function TableView({value}: PortableTextTypeComponentProps<PreparedTable>) {
  const style = (column: number) => {
    const align = value.align[column]
    return align ? {textAlign: align} : undefined
  }
  return (
    <div className="table-wrapper">
      <table>
        {value.header.length > 0 ? (
          <thead>
            <tr>
              {value.header.map((cell, column) => (
                <th key={column} style={style(column)}>
                  <InlineContent nodes={cell} />
                </th>
              ))}
            </tr>
          </thead>
        ) : null}
        <tbody>
          {value.rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.map((cell, column) => (
                <td key={column} style={style(column)}>
                  <InlineContent nodes={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function EmbedView({value}: PortableTextTypeComponentProps<PreparedEmbed>) {
  if (value.refused) return null
  // Demos of the site need same-origin storage (BroadcastChannel); third-party players get forms and popups too.
  const sandbox = value.url.startsWith('/') ? 'allow-scripts allow-same-origin' : 'allow-scripts allow-same-origin allow-forms allow-popups'
  return (
    <figure className="embed">
      <LazyEmbed url={value.url} title={value.title} height={value.height} sandbox={sandbox} labels={value.loadingLabels} />
      {/* Without JavaScript the frame loads as a plain lazy iframe. */}
      <noscript>
        <iframe src={value.url} title={value.title} height={value.height} loading="lazy" sandbox={sandbox} />
      </noscript>
      {value.sourceUrl ? (
        <figcaption>
          <a href={value.sourceUrl} rel="noopener noreferrer" target="_blank">
            {value.sourceUrl}
          </a>
        </figcaption>
      ) : null}
    </figure>
  )
}

function RawHtmlView({value}: PortableTextTypeComponentProps<PreparedRawHtml>) {
  if (!value.markup) return <div className="raw-html" dangerouslySetInnerHTML={{__html: value.html}} />
  const slots = (value.slots ?? []).map((blocks, index) => (blocks.length > 0 ? <PortableBody key={index} blocks={blocks} /> : null))
  return <div className="raw-html">{markupElements(value.markup, null, slots)}</div>
}

/** HTML attribute names whose React prop is spelt otherwise (the sanitizer allows no others). */
const REACT_PROP_NAMES: Record<string, string> = {
  class: 'className',
  colspan: 'colSpan',
  rowspan: 'rowSpan',
  srcset: 'srcSet',
  autoplay: 'autoPlay',
  playsinline: 'playsInline',
  valign: 'vAlign',
}
/** Attributes that are on by being present. */
const BOOLEAN_ATTRIBUTES = new Set(['open', 'controls', 'autoplay', 'loop', 'muted', 'playsinline', 'reversed'])
const VOID_TAGS = new Set(['br', 'hr', 'img', 'source', 'col'])

function markupProps(attributes: Record<string, string>): Record<string, unknown> {
  const props: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(attributes)) {
    if (name === 'style') {
      const style = sanitizeInlineStyle(value)
      if (style) props.style = style
    } else if (BOOLEAN_ATTRIBUTES.has(name)) {
      props[REACT_PROP_NAMES[name] ?? name] = true
    } else {
      props[REACT_PROP_NAMES[name] ?? name] = value
    }
  }
  return props
}

function markupElements(nodes: readonly MarkupNode[], content: ReactNode, slots: readonly ReactNode[] = []): ReactNode[] {
  return nodes.map((node, index) => {
    if (node.kind === 'text') return node.text
    if (node.kind === 'content') return <Fragment key={index}>{content}</Fragment>
    if (node.kind === 'slot') return <Fragment key={index}>{slots[node.index] ?? null}</Fragment>
    const props = {...markupProps(node.attributes), key: index}
    return VOID_TAGS.has(node.tag) ? createElement(node.tag, props) : createElement(node.tag, props, ...markupElements(node.children, content, slots))
  })
}

function SiteComponentView({value}: PortableTextTypeComponentProps<PreparedSiteComponent>) {
  const content = value.body.length > 0 ? <PortableBody blocks={value.body} /> : null
  const slots = value.slots.map((blocks, index) => (blocks.length > 0 ? <PortableBody key={index} blocks={blocks} /> : null))
  return (
    <div className="site-component" data-component={value.name}>
      {markupElements(value.markup, content, slots)}
      {placesContent(value.markup) ? null : content}
    </div>
  )
}

function UnconvertedView({value}: PortableTextTypeComponentProps<PreparedUnconverted>) {
  return (
    <div className="unconverted" data-location={value.location ?? undefined}>
      {value.reason ? <p className="unconverted-reason">{value.reason}</p> : null}
      <pre>
        <code>{value.source}</code>
      </pre>
    </div>
  )
}

function ReadMoreView() {
  return null
}

/** A footnote reference: its number, a link to its note; the notes' heading describes it for screen readers. */
function FootnoteReferenceLink({number, id, noteId}: {number: number; id: string; noteId: string}) {
  return (
    <sup className="footnote-ref">
      <a href={`#${noteId}`} id={id} data-footnote-ref="" aria-describedby="footnote-label">
        {number}
      </a>
    </sup>
  )
}

function FootnoteRefView({value}: PortableTextTypeComponentProps<PreparedFootnoteRef>) {
  return <FootnoteReferenceLink number={value.number} id={value.id} noteId={value.noteId} />
}

/** The notes of a page's footnotes, numbered, each with its links back to where it is referenced. */
function FootnotesView({value}: PortableTextTypeComponentProps<PreparedFootnotes>) {
  return (
    <section className="footnotes" data-footnotes="" aria-labelledby={value.headingId}>
      <h2 className="visually-hidden" id={value.headingId}>
        {value.heading}
      </h2>
      <ol>
        {value.notes.map((note) => (
          <li key={note.id} id={note.id}>
            {noteParts(note.blocks).map((part, index, parts) => {
              // The links back end the note's last paragraph, or follow its last list in a paragraph of their own.
              const back = index === parts.length - 1 ? <BackLinks links={note.backLinks} /> : null
              const key = part.blocks[0]?._key
              return part.list ? (
                <Fragment key={key}>
                  <PortableText value={part.blocks} components={components} onMissingComponent={missingComponent} />
                  {back ? <p>{back}</p> : null}
                </Fragment>
              ) : (
                <p key={key}>
                  <PortableText value={part.blocks} components={noteComponents} onMissingComponent={missingComponent} />
                  {back}
                </p>
              )
            })}
          </li>
        ))}
      </ol>
    </section>
  )
}

/** A note's blocks as its paragraphs, one a part, and its lists, the items of each in one part. */
function noteParts(blocks: readonly PreparedTextBlock[]): Array<{list: boolean; blocks: PreparedTextBlock[]}> {
  const parts: Array<{list: boolean; blocks: PreparedTextBlock[]}> = []
  for (const block of blocks) {
    const last = parts.at(-1)
    if (block.listItem && last?.list) last.blocks.push(block)
    else parts.push({list: Boolean(block.listItem), blocks: [block]})
  }
  return parts
}

function BackLinks({links}: {links: PreparedNote['backLinks']}) {
  return links.map((link, at) => (
    <Fragment key={link.href}>
      {' '}
      <a href={link.href} data-footnote-backref="" aria-label={link.label} className="footnote-back">
        ↩{at > 0 ? <sup>{at + 1}</sup> : null}
      </a>
    </Fragment>
  ))
}

const components: PortableTextComponents = {
  types: {
    heading: HeadingView,
    codeBlock: CodeBlockView,
    mathBlock: MathBlockView,
    mathInline: MathInlineView,
    anchorTarget: AnchorTargetView,
    mermaidDiagram: DiagramView,
    admonition: AdmonitionView,
    quote: QuoteView,
    tabs: TabsView,
    details: DetailsView,
    video: VideoView,
    tocInline: TocInlineView,
    docCardList: DocCardListView,
    inlineImage: InlineImageView,
    themedImage: ThemedImageView,
    table: TableView,
    embed: EmbedView,
    rawHtml: RawHtmlView,
    siteComponent: SiteComponentView,
    readMore: ReadMoreView,
    unconverted: UnconvertedView,
    footnote: FootnoteRefView,
    footnotes: FootnotesView,
  },
  block: {
    normal: ({children}) => <p>{children}</p>,
    blockquote: ({children}) => <blockquote>{children}</blockquote>,
    // Outside a list (a list block of this style is moved into its item when the body is prepared).
    listParagraph: ({children}) => <p>{children}</p>,
    // A line of inline elements that MDX leaves outside any paragraph: its text, without a paragraph's margins.
    line: ({children}) => <div className="text-line">{children}</div>,
    // Code whose text holds links (Docusaurus 3 draws an HTML `<code>` holding an element as such a box): no highlighting.
    codeBox: ({children}) => (
      <pre className="code-box">
        <code>{children}</code>
      </pre>
    ),
    h1: headingBlock('h1'),
    h2: headingBlock('h2'),
    h3: headingBlock('h3'),
    h4: headingBlock('h4'),
    h5: headingBlock('h5'),
    h6: headingBlock('h6'),
  } satisfies Record<TextStyle, PortableTextBlockComponent>,
  list: {
    bullet: ({children}) => <ul>{children}</ul>,
    number: ({children}) => <ol>{children}</ol>,
  } satisfies Record<ListKind, PortableTextListComponent>,
  listItem: ({children, value, index, renderNode}) => {
    const more = (value as Partial<PreparedTextBlock>).more
    // An item whose text is a heading (`1. ### Install`) holds its nested lists after the heading, not in it: the
    // renderer would draw them inside the heading element, where a browser shows the whole list as the heading.
    // The toolkit puts an item's nested lists among its children (`@list` nodes), which the block type does not name.
    const parts = value.children as ReadonlyArray<{_type: string; _key?: string}>
    const nested = value.style && value.style !== 'normal' ? parts.filter((child) => child._type === '@list') : []
    if (nested.length > 0) {
      const {listItem: _listItem, ...block} = value
      const text = {...block, children: parts.filter((child) => child._type !== '@list')} as typeof block
      children = (
        <>
          {renderNode({node: text, index, isInline: false, renderNode})}
          {nested.map((list, at) => renderNode({node: list, index: at, isInline: false, renderNode}))}
        </>
      )
    }
    return (
      <li>
        {children}
        {more && more.length > 0 ? <PortableBody blocks={more} /> : null}
      </li>
    )
  },
  marks: {
    strong: ({children}) => <strong>{children}</strong>,
    em: ({children}) => <em>{children}</em>,
    code: ({children}) => <code>{children}</code>,
    'strike-through': ({children}) => <s>{children}</s>,
    underline: ({children}) => <u>{children}</u>,
    sup: ({children}) => <sup>{children}</sup>,
    sub: ({children}) => <sub>{children}</sub>,
    kbd: ({children}) => <kbd>{children}</kbd>,
    mark: ({children}) => <mark>{children}</mark>,
    link: ({value, children}: PortableTextMarkComponentProps<{_type: 'link'; href?: unknown; look?: unknown}>) => (
      <SiteLink href={typeof value?.href === 'string' ? value.href : '#'} look={isLinkLook(value?.look) ? value.look : undefined}>
        {children}
      </SiteLink>
    ),
    inlineElement: InlineElementView,
  } satisfies Record<Decorator | PreparedMarkDef['_type'], PortableTextMarkComponent>,
}

/** The text of a note's paragraph, without the paragraph: the notes' view puts it in its own <p>, with the links back. */
const noteComponents: PortableTextComponents = {...components, block: {normal: ({children}) => <>{children}</>}}

function InlineElementView({value, children}: {value?: PreparedMarkDef; children: ReactNode}) {
  if (value?._type !== 'inlineElement') return <>{children}</>
  const Tag = INLINE_TAGS.has(value.tag) ? (value.tag as 'span') : 'span'
  return (
    <Tag className={value.className ?? undefined} style={value.style ?? undefined} title={value.title ?? undefined}>
      {children}
    </Tag>
  )
}

const INLINE_TAGS: ReadonlySet<string> = new Set(['span', 'abbr', 'small', 'q', 'cite', 'dfn', 'time', 'ins', 'var', 'samp'])

/** A type without a component would be dropped from the page: the build stops instead (prepare.ts names the document first). */
function missingComponent(message: string, options: {type: string; nodeType: string}): void {
  throw new Error(`No component renders the Portable Text ${options.nodeType} "${options.type}" (${message}): add one to web/src/portable-text/render.tsx`)
}

/** Renders a prepared body. */
export function PortableBody({blocks}: {blocks: readonly PreparedBlock[]}) {
  return <PortableText value={[...blocks]} components={components} onMissingComponent={missingComponent} />
}
