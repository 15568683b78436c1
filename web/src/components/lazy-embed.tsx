/**
 * An embedded demo, rendered as an empty box that lazy-embeds.ts fills when it comes near the viewport,
 * with the loading and error states of spec §9.
 */
import {CLASS, dataProps, LAZY_EMBED_DATA} from './seam'
import type {LoadingLabels} from './load-states'

export function LazyEmbed({url, title, height, sandbox, labels}: {url: string; title: string; height: number; sandbox: string; labels: LoadingLabels}) {
  return (
    <div
      className={CLASS.lazyEmbed}
      style={{minHeight: height}}
      {...dataProps(LAZY_EMBED_DATA, {embedUrl: url, embedTitle: title, embedHeight: height, embedSandbox: sandbox, ...labels})}
    />
  )
}
