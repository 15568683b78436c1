/**
 * The theme's `<Tabs>` with its `<TabItem>`s → a `tabs` block of panels (value, label, default, body,
 * the group id that syncs tabs across the site); content between tab items follows the tabs.
 */
import type {RichTextBlock, TabPanel} from '../../portable-text'
import {isBlank} from '../blocks'
import type {Element, HandlerContext} from '../handler-context'
import {attributeFlag, attributeString, tabsValueLabels} from '../jsx-tags'

export function tabs(cx: HandlerContext, element: Element): RichTextBlock[] {
  const {tag} = element
  const labels = typeof tag.attributes.values === 'string' ? tabsValueLabels(tag.attributes.values) : new Map<string, string>()
  const defaultValue = attributeString(tag.attributes.defaultValue)
  const panels: TabPanel[] = []
  const stray: RichTextBlock[] = []
  for (const child of element.children) {
    if (child.kind === 'element' && child.tag.name === 'TabItem') {
      const value = attributeString(child.tag.attributes.value) ?? `tab-${panels.length + 1}`
      const label = attributeString(child.tag.attributes.label) ?? labels.get(value) ?? value
      const isDefault = attributeFlag(child.tag.attributes.default) || defaultValue === value
      panels.push({_type: 'tabPanel', value, label, ...(isDefault ? {isDefault: true} : {}), body: cx.nestedFlow(child.children)})
    } else if (child.kind !== 'node' || !isBlank(child.node)) {
      stray.push(...cx.flow([child], true))
    }
  }
  if (panels.length === 0) {
    cx.context.warn({file: cx.context.file, line: element.line, message: '<Tabs> without any <TabItem>: its content is shown without tabs'})
    return stray
  }
  const groupId = attributeString(tag.attributes.groupId)
  // Content between tab items has no place in the tabs; it follows them so that nothing is lost.
  return [{_type: 'tabs', ...(groupId ? {groupId} : {}), panels}, ...stray]
}
