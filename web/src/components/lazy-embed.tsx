/**
 * An embedded demo, rendered as an empty box that widgets.ts fills when it comes near the viewport,
 * with the loading and error states of spec §9.
 */
import type {LoadingLabels} from './widgets'

export function LazyEmbed({url, title, height, sandbox, labels}: {url: string; title: string; height: number; sandbox: string; labels: LoadingLabels}) {
  return (
    <div
      className="lazy-embed"
      style={{minHeight: height}}
      data-embed-url={url}
      data-embed-title={title}
      data-embed-height={height}
      data-embed-sandbox={sandbox}
      data-loading={labels.loading}
      data-error={labels.error}
      data-retry={labels.retry}
    />
  )
}
