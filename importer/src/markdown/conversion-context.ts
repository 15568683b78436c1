/**
 * What a conversion of markdown is given (the file, its resolvers, where warnings go, the syntaxes
 * and plugins of the site) and what it gives back. The importer's site code builds these per file.
 */
import type {Root} from 'mdast'
import type {Diagnostic} from '../diagnostics'
import type {ResolvedFile, ResolvedImage, RichTextBlock} from '../portable-text'
import type {ElementChild, ImportedComponent, ImportedProps, RenderedComponent} from './component-imports'
import type {MagicComment} from './code-fence'
import type {IdealImageOptions} from './handlers/ideal-image'
import type {DiagramProblem} from './handlers/mermaid'

/**
 * A plugin's `admonitions` option: keywords the site adds to Docusaurus's (or, with
 * `extendDefaults: false`, uses instead of them).
 */
export interface AdmonitionKeywords {
  keywords: string[]
  extendDefaults: boolean
  /** Where the option is written, for warnings: docusaurus.config.ts, docs.admonitions. */
  file: string
  field: string
}

export interface ConversionContext {
  /** The admonitions option of the file's plugin; Docusaurus's keywords when absent. */
  admonitions?: AdmonitionKeywords
  /** The source file, relative to the content folder, used in `file:line` locations. */
  file: string
  /** Turns a link target into the href stored in the dataset (reporting missing targets itself); null for a refused one (javascript: …). */
  resolveLink(href: string, line: number): string | null
  /** Turns an image address into an image value (uploaded or remote), or says why it cannot. */
  resolveImage(src: string, line: number): ResolvedImage
  /** Turns a video (or other file) address into a file value or a remote address. */
  resolveFile?(src: string, line: number): ResolvedFile
  /** The site address of an image used inside inline markup (a table cell). */
  imageAddress?(src: string, line: number): string
  /**
   * Renders a use of a component of the site's own (imported from its files) into the HTML it shows; `imported`
   * holds the props that read the page's imports (spreads, attribute expressions), already read;
   * `withContent` passes the content marker as its children, or (a list) these markers as its children, one a child, or
   * elements of components of the site whose content is a marker each.
   * Absent: such components keep only their content.
   */
  renderComponent?(
    component: ImportedComponent,
    attributes: Record<string, string | true>,
    expressions: ReadonlySet<string>,
    withContent: boolean | readonly string[] | readonly ElementChild[],
    imported?: ImportedProps,
  ): RenderedComponent
  /**
   * Renders an MDX expression standing as a block (flow-expression.ts: the JavaScript between its braces) into the
   * HTML MDX shows there, with the page's imports in scope. Absent: such expressions are kept as not converted.
   */
  renderExpression?(expression: string): RenderedComponent
  /**
   * What a site module exports, read as the page reads it: `member` is the path after the imported name
   * (`constants.packageManagers` → ['packageManagers']), `args` the text between the parentheses of a call with
   * literal arguments (`constants.tabsFor(["web"])`), or the values of its arguments when they are imports of the page
   * themselves (`trimSnippet(snippet)`). Absent: such expressions are not evaluated.
   */
  importedValue?(component: ImportedComponent, member: readonly string[], args: string | readonly unknown[] | undefined): {value: unknown} | {problem: string}
  /** Import lines of the components the site's MDXComponents gives every page (swizzled.ts, mdxComponentsImports). */
  globalImports?: string
  /** The text of a markdown file imported as a component (`import Intro from './_intro.mdx'`), or null. */
  loadPartial?(specifier: string): {file: string; text: string} | null
  /** The context to convert a partial with: its links, images and components resolved from its own file. Absent: this one's, named after it. */
  forPartial?(file: string): ConversionContext
  /**
   * The path the asset resolvers read for a module specifier of an image or file (`@site/static/x.png`,
   * `./x.pdf`, `/img/x.png`), as webpack resolves it in Docusaurus; absent, the specifier as written.
   */
  resolveModule?(specifier: string, line: number): string
  /**
   * Lists a site among those whose pages the site's embeds show (the site settings' Embedded sites), for an iframe of
   * it. Absent: an iframe of a site outside the content model's built-in hosts is a link to its page.
   */
  allowEmbedHost?(host: string): void
  /** The Docusaurus plugins and themes of the site, by package name (`@docusaurus/theme-live-codeblock`). */
  plugins?: ReadonlySet<string>
  /**
   * Records what readers of this page will miss here, that Docusaurus shows (the live result of a live
   * code block): `feature` names the plugin, theme or construct, `missing` what is not shown.
   */
  missed?(feature: string, line: number, missing: string): void
  warn(diagnostic: Diagnostic): void
  /** Counts a code block in a language the highlighter does not know, for one warning per language of the site; absent, each block is reported. */
  unknownLanguage?(language: string, line: number): void
  /** How many partials deep this conversion is (a partial importing itself stops at 5). */
  depth?: number
  /**
   * The tree of this markdown as `parseBody` gives it, after the site's remark plugins changed it
   * (remark-plugins.ts); absent, the markdown is parsed here. Its JSX elements (Tabs, TabItem…) are
   * read as the same tags written in the text would be.
   */
  preparedRoot?: Root
  /** The tree of a partial's markdown after the site's remark plugins changed it, as `preparedRoot` is this file's; absent, none. */
  preparedRootOf?(markdown: string): Root | undefined
  /** Math, Mermaid and ideal-image as the site's config turns them on (handlers/features.ts). */
  features?: BlockFeatures
}

/** The official plugins' syntaxes a file is read with. */
export interface BlockFeatures {
  /** remark-math runs on this file: `$…$` and `$$…$$` are math. */
  math?: boolean
  /** `markdown.mermaid: true`: ```mermaid fences are diagrams. */
  mermaid?: boolean
  /** What mermaid's parser said of a diagram (checked before the conversion); undefined when it was not checked. */
  diagramProblem?(code: string): DiagramProblem | undefined
  /** `@docusaurus/plugin-ideal-image`'s options, when the site uses it. */
  idealImage?: IdealImageOptions
  /** Text indented by four spaces is code, as in CommonMark (Docusaurus 2, `.md` under `format: 'detect'`); not in MDX. */
  indentedCode?: boolean
  /** The file is CommonMark, not MDX (`.md` under Docusaurus 3's `markdown.format: 'md'` or `'detect'`): its components are HTML tags. */
  commonMark?: boolean
  /** Custom elements the site's stylesheet hides by name (`x-search`): their text is left out. */
  hiddenElements?: ReadonlySet<string>
  /** False when `:::tip Title` is not an admonition title in Docusaurus (see MarkdownFeatures.legacyAdmonitionTitles): each is warned about. */
  legacyAdmonitionTitles?: boolean
  /** The language of a code block that names none (`themeConfig.prism.defaultLanguage`); plain text without it. */
  defaultCodeLanguage?: string
  /** The config's magic comments (`themeConfig.prism.magicComments`); Docusaurus's highlight comments without it. */
  magicComments?: readonly MagicComment[]
}

/** Whether a file is read as Docusaurus 2 reads it: MDX 1, with remark-parse 8's lists and indented code. */
export function readsAsMdx1(features: BlockFeatures | undefined): boolean {
  return features?.indentedCode === true && features.commonMark !== true
}

export interface ConvertedBody {
  blocks: RichTextBlock[]
  /** The text of the body's title heading (its first heading, when of level 1): Docusaurus shows it as the page's h1. */
  contentTitle?: string
  /** Whether only imports precede that heading: Docusaurus then also takes it as the page's title when the front matter gives none. */
  contentTitleOpens?: boolean
  /** The title heading is written below other content (or nested): it is an h1 of the text, where Docusaurus shows it, and the page shows no title above it. */
  titleInText?: boolean
}
