/**
 * The theme's `<Tabs>` with its `<TabItem>`s → a `tabs` block of panels (value, label, default, body,
 * the group id that syncs tabs across the site); content between tab items follows the tabs.
 */
import type {RichTextBlock, TabPanel} from '../../portable-text'
import {isBlank} from '../blocks'
import type {Element, HandlerContext} from '../handler-context'
import {importedValue} from '../imported-values'
import {attributeFlag, attributeString, tabsValueLabels} from '../jsx-tags'

export function tabs(cx: HandlerContext, element: Element): RichTextBlock[] {
  const {tag} = element
  const labels = valueLabels(cx, element)
  const defaultValue = defaultValueOf(cx, element)
  const panels: TabPanel[] = []
  const stray: RichTextBlock[] = []
  for (const child of element.children) {
    if (child.kind === 'element' && child.tag.name === 'TabItem') {
      const value = attributeString(child.tag.attributes.value) ?? `tab-${panels.length + 1}`
      const label = attributeString(child.tag.attributes.label) ?? labels.get(value) ?? value
      // `data-default="true"`: the default tab as the theme's stand-in renders it (a React page, a site component).
      const isDefault = attributeFlag(child.tag.attributes.default) || child.tag.attributes['data-default'] === 'true' || defaultValue === value
      panels.push({_type: 'tabPanel', value, label, ...(isDefault ? {isDefault: true} : {}), body: cx.nestedFlow(child.children)})
    } else if (child.kind !== 'node' || !isBlank(child.node)) {
      stray.push(...cx.flow([child], true))
    }
  }
  if (panels.length === 0) {
    cx.context.warn({file: cx.context.file, line: element.line, message: '<Tabs> without any <TabItem>: its content is shown without tabs'})
    return stray
  }
  // With `values`, Docusaurus lists the tabs in their order, whatever the order of the <TabItem>s.
  const order = [...labels.keys()]
  const rank = (panel: TabPanel) => (order.includes(panel.value) ? order.indexOf(panel.value) : order.length)
  panels.sort((a, b) => rank(a) - rank(b))
  const groupId = attributeString(tag.attributes.groupId)
  // Content between tab items has no place in the tabs; it follows them so that nothing is lost.
  return [{_type: 'tabs', ...(groupId ? {groupId} : {}), panels}, ...stray]
}

/**
 * The labels of `values={[{label, value}, …]}` by value: written out, or read from a site module the page imports
 * (`values={constants.packageManagers}`). What cannot be read is said, and the tabs are labelled by their values.
 */
function valueLabels(cx: HandlerContext, element: Element): Map<string, string> {
  const written = element.tag.attributes.values
  if (typeof written !== 'string') return new Map()
  const imported = element.tag.expressions?.has('values') ? importedValue(cx, written) : null
  if (imported === null) return tabsValueLabels(written)
  const list = 'value' in imported ? imported.value : undefined
  const labels = new Map<string, string>()
  if (Array.isArray(list))
    for (const item of list as unknown[]) {
      const {value, label} = (typeof item === 'object' && item !== null ? item : {}) as {value?: unknown; label?: unknown}
      if (typeof value === 'string' && typeof label === 'string') labels.set(value, label)
    }
  if (labels.size === 0)
    cx.context.warn({
      file: cx.context.file,
      line: element.line,
      message: `<Tabs values={${written}}>: ${'problem' in imported ? imported.problem : 'not a list of {label, value} objects'}; the tabs are labelled by their values`,
    })
  return labels
}

/** `defaultValue`: written out, or read from a site module the page imports (`defaultValue={constants.defaultPackageManager}`). */
function defaultValueOf(cx: HandlerContext, element: Element): string | undefined {
  const written = element.tag.attributes.defaultValue
  if (typeof written !== 'string' || !element.tag.expressions?.has('defaultValue')) return attributeString(written)
  const imported = importedValue(cx, written)
  if (imported === null) return attributeString(written)
  if ('problem' in imported) {
    cx.context.warn({file: cx.context.file, line: element.line, message: `<Tabs defaultValue={${written}}>: ${imported.problem}; no tab is chosen by it`})
    return undefined
  }
  return typeof imported.value === 'string' ? imported.value : undefined
}
