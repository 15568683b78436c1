/**
 * Images, video, audio and embeds: markdown images (block or inline), the theme's `<ThemedImage>`, an
 * SVG imported as a component, `<video>` with its sources, `<audio>` (a link to its file) and
 * `<iframe>` (an embed from an allowed host, else a link to the page).
 */
import {EMBED_HOST, embedUrlProblem} from '@site/schemas'
import type {Paragraph} from 'mdast'
import type {InlineImage, ResolvedFile, RichTextBlock, ThemedImageBlock, VideoBlock} from '../../portable-text'
import {imageSide, textBlock} from '../blocks'
import {flatten} from '../flow-items'
import type {Element, HandlerContext} from '../handler-context'
import type {InlinePiece} from '../inline'
import {attributeString, type TagToken, themedImageSources} from '../jsx-tags'
import {type AssetImport, svgComponentImage} from './asset-imports'
import {inlineMarkupOf} from './html-elements'

export function imageBlock(cx: HandlerContext, piece: Extract<InlinePiece, {kind: 'image'}>, node: Paragraph): RichTextBlock {
  const resolved = cx.context.resolveImage(piece.src, piece.line)
  if ('problem' in resolved) return cx.unconvertedNode(node, resolved.problem)
  const block: ThemedImageBlock = {_type: 'themedImage', ...imageSide('light', resolved), alt: piece.alt}
  if (piece.title) block.caption = piece.title
  if (piece.href) block.href = piece.href
  if (piece.width) block.width = piece.width
  if (piece.height) block.height = piece.height
  return block
}

export function inlineImage(cx: HandlerContext, piece: Extract<InlinePiece, {kind: 'image'}>): InlineImage | null {
  const resolved = cx.context.resolveImage(piece.src, piece.line)
  if ('problem' in resolved) {
    cx.context.warn({file: cx.context.file, line: piece.line, message: `${resolved.problem}; its alternative text is shown instead`})
    return null
  }
  return {
    _type: 'inlineImage',
    ...('url' in resolved ? {url: resolved.url} : {image: resolved}),
    ...(piece.alt ? {alt: piece.alt} : {}),
    ...(piece.href ? {href: piece.href} : {}),
    ...(piece.width ? {width: piece.width} : {}),
    ...(piece.height ? {height: piece.height} : {}),
  }
}

export function themedImage(cx: HandlerContext, tag: TagToken, element: Element): RichTextBlock {
  const sources =
    typeof tag.attributes.sources === 'string' ? themedImageSources(tag.attributes.sources, (value) => cx.assetImports.expressionPath(value, element.line)) : {}
  if (!sources.light) return cx.unconverted(element.start, element.end, element.line, '<ThemedImage> without a light source')
  const light = cx.context.resolveImage(sources.light, element.line)
  if ('problem' in light) return cx.unconverted(element.start, element.end, element.line, light.problem)
  const dark = sources.dark ? cx.context.resolveImage(sources.dark, element.line) : undefined
  if (dark && 'problem' in dark) return cx.unconverted(element.start, element.end, element.line, dark.problem)
  const alt = attributeString(tag.attributes.alt)
  return {_type: 'themedImage', ...imageSide('light', light), ...(dark ? imageSide('dark', dark) : {}), ...(alt !== undefined ? {alt} : {})}
}

/** An SVG imported as a component (`<Diagram />`): the image it draws (handlers/asset-imports.ts). */
export function svgComponent(cx: HandlerContext, asset: AssetImport, element: Element): RichTextBlock {
  const drawn = svgComponentImage(asset, element.tag.attributes, cx.context.resolveImage(asset.path, element.line), (missing) =>
    cx.context.missed?.('@docusaurus/plugin-svgr', element.line, missing),
  )
  return 'problem' in drawn ? cx.unconverted(element.start, element.end, element.line, drawn.problem) : drawn
}

export function video(cx: HandlerContext, element: Element): RichTextBlock {
  const {attributes} = element.tag
  const sources: VideoBlock['sources'] = []
  const addSource = (src: string | undefined, type: string | undefined) => {
    if (!src) return
    const resolved = cx.context.resolveFile ? cx.context.resolveFile(src, element.line) : ({url: src} as ResolvedFile)
    if ('problem' in resolved) {
      cx.context.warn({file: cx.context.file, line: element.line, message: `video source: ${resolved.problem}`})
      return
    }
    sources.push({_type: 'videoSource', ...('url' in resolved ? {url: resolved.url} : {file: resolved}), ...(type ? {mimeType: type} : {})})
  }
  addSource(pathAttribute(cx, element.tag, 'src'), attributeString(attributes.type))
  for (const child of flatten(element.children)) {
    if (child.kind === 'element' && child.tag.name.toLowerCase() === 'source')
      addSource(pathAttribute(cx, child.tag, 'src'), attributeString(child.tag.attributes.type))
  }
  if (sources.length === 0) return cx.unconverted(element.start, element.end, element.line, 'a video without a source that can be found')
  const flag = (name: string) => attributes[name] !== undefined && attributes[name] !== '{false}' && attributes[name] !== 'false'
  const poster = pathAttribute(cx, element.tag, 'poster')
  const posterImage = poster ? cx.context.resolveImage(poster, element.line) : undefined
  const title = attributeString(attributes.title) ?? attributeString(attributes['aria-label'])
  const width = attributeString(attributes.width)
  const height = attributeString(attributes.height)
  // What the element says besides its sources: the text a browser shows when it cannot play it.
  const fallback = inlineMarkupOf(
    cx,
    element.children.filter((child) => !(child.kind === 'element' && ['source', 'track'].includes(child.tag.name.toLowerCase()))),
  )
  return {
    _type: 'video',
    sources,
    ...(title ? {title} : {}),
    ...(fallback ? {fallback} : {}),
    ...(posterImage && '_sanityAsset' in posterImage ? {poster: posterImage} : {}),
    controls: flag('controls'),
    ...(flag('autoplay') || flag('autoPlay') ? {autoPlay: true} : {}),
    ...(flag('loop') ? {loop: true} : {}),
    ...(flag('muted') ? {muted: true} : {}),
    ...(width ? {width} : {}),
    ...(height ? {height} : {}),
  }
}

const IMAGE_FILE = /\.(svg|png|jpe?g|gif|webp|avif|bmp|ico)(\?.*)?$/i

/**
 * `<figure>`: a figure of one image and its `<figcaption>` is that image with the caption (its links kept), as
 * Docusaurus shows it; any other figure is its content, its caption a paragraph after it.
 */
export function figure(cx: HandlerContext, element: Element, nested: boolean): RichTextBlock[] {
  const caption = element.children.find((child): child is Element => child.kind === 'element' && child.tag.name.toLowerCase() === 'figcaption')
  const blocks = cx.flow(
    element.children.filter((child) => child !== caption),
    nested,
  )
  const [image, ...others] = blocks
  if (!caption || image?._type !== 'themedImage' || others.length > 0 || image.caption)
    return caption ? [...blocks, ...cx.flow(caption.children, nested)] : blocks
  const text = inlineMarkupOf(cx, caption.children)
  return [text ? {...image, caption: text} : image]
}

/**
 * `<object data="/img/sponsors.svg" type="image/svg+xml">`: a picture the browser draws (an SVG whose links work).
 * Its fallback content when it has one (the same picture as an `<img>`, in the sites seen), else that image; the
 * links inside an SVG are not kept, and said. Any other object (a PDF, a plugin) shows its fallback content.
 */
export function objectElement(cx: HandlerContext, element: Element, nested: boolean): RichTextBlock[] {
  const {attributes} = element.tag
  const data = attributeString(attributes.data)
  const type = attributeString(attributes.type) ?? ''
  const image = data !== undefined && (type.startsWith('image/') || IMAGE_FILE.test(data))
  const fallback = element.children.length > 0 ? cx.flow(element.children, nested) : []
  if (!image || !data) {
    const shown = fallback.length > 0 ? 'its fallback content is shown' : data ? 'a link to its file is shown' : 'nothing is shown'
    cx.context.warn({
      file: cx.context.file,
      line: element.line,
      message: `<object${data ? ` data="${data}"` : ''}> is not embedded (the site embeds no objects): ${shown}`,
    })
    if (fallback.length > 0 || !data) return fallback
    const href = cx.context.resolveLink(data, element.line)
    if (href === null) return []
    return [textBlock('normal', [{_type: 'span', text: data.split('/').at(-1) ?? data, marks: ['link-object']}], [{_type: 'link', _key: 'link-object', href}])]
  }
  const svg = type === 'image/svg+xml' || /\.svg(\?.*)?$/i.test(data)
  cx.context.warn({
    file: cx.context.file,
    line: element.line,
    message: `<object data="${data}"> is shown as ${fallback.length > 0 ? 'its fallback content' : 'an image'}${svg ? ': links and hover effects inside the SVG do not work in an image' : ''}`,
  })
  if (fallback.length > 0) return fallback
  const resolved = cx.context.resolveImage(data, element.line)
  if ('problem' in resolved) return [cx.unconverted(element.start, element.end, element.line, resolved.problem)]
  const alt = attributeString(attributes['aria-label']) ?? attributeString(attributes.title) ?? ''
  return [{_type: 'themedImage', ...imageSide('light', resolved), alt}]
}

/** Audio has no block of its own: a paragraph linking to the file keeps it reachable. */
export function audio(cx: HandlerContext, element: Element): RichTextBlock[] {
  const src =
    attributeString(element.tag.attributes.src) ??
    flatten(element.children).flatMap((child) =>
      child.kind === 'element' && child.tag.name.toLowerCase() === 'source' ? [attributeString(child.tag.attributes.src)] : [],
    )[0]
  cx.context.warn({file: cx.context.file, line: element.line, message: '<audio> is shown as a link to its file'})
  if (!src) return []
  const href = cx.context.resolveLink(src, element.line)
  if (href === null) return []
  return [textBlock('normal', [{_type: 'span', text: src.split('/').at(-1) ?? src, marks: ['link-audio']}], [{_type: 'link', _key: 'link-audio', href}])]
}

export function iframe(cx: HandlerContext, element: Element): RichTextBlock[] {
  const {attributes} = element.tag
  const written = attributeString(attributes.src) ?? ''
  const url = written.replace(/^https:\/\/(?:www\.)?youtube\.com\/embed\//, 'https://www.youtube-nocookie.com/embed/')
  const title = attributeString(attributes.title)
  const problem = url ? embedUrlProblem(url) : 'no address'
  // A page of another https site: an embed, that site listed in the site settings' Embedded sites.
  const siteHost = problem && URL.canParse(url) ? new URL(url).hostname : ''
  const listed = Boolean(cx.context.allowEmbedHost && EMBED_HOST.test(siteHost) && embedUrlProblem(url, [siteHost]) === null)
  if (listed) cx.context.allowEmbedHost?.(siteHost)
  if (!problem || listed) {
    if (!title) cx.context.warn({file: cx.context.file, line: element.line, message: 'an iframe needs a title for screen readers; its address is used'})
    const height = Number.parseInt(attributeString(attributes.height) ?? '', 10)
    return [{_type: 'embed', url, title: title ?? url, ...(Number.isNaN(height) ? {} : {height: Math.min(1200, Math.max(100, height))})}]
  }
  if (!written) return [cx.unconverted(element.start, element.end, element.line, 'an iframe without an address')]
  // Pages of other sites are not framed here: a link to the page keeps it one click away.
  const host = URL.canParse(written) ? new URL(written).hostname : written
  cx.context.warn({
    file: cx.context.file,
    line: element.line,
    message: `an iframe of ${host} is shown as a link to the page (embeds are allowed from ${problem.startsWith('Embeds from') ? 'the hosts of the content model' : 'https addresses of the allowed hosts'} only)`,
  })
  const label = title ? `${title} (${host})` : written
  return [textBlock('normal', [{_type: 'span', text: label, marks: ['link-embed']}], [{_type: 'link', _key: 'link-embed', href: written}])]
}

/** An attribute holding an address: as written, or what its `{…}` expression names (an imported image, `require('…')`). */
function pathAttribute(cx: HandlerContext, tag: TagToken, name: string): string | undefined {
  const value = tag.attributes[name]
  if (typeof value === 'string' && tag.expressions?.has(name)) return cx.assetImports.expressionPath(value)
  return attributeString(value)
}
