/**
 * Mermaid diagrams drawn when the site is built, into inline SVG, without a browser: a source passes
 * schemas' diagramProblem (a kind the site draws, read by mermaid's own parser), then beautiful-mermaid
 * lays out and draws it. Colours are the site's CSS variables, so one SVG follows the reader's colour
 * mode; no diagram library reaches readers. The SVG's own <style> is folded into style attributes (the
 * pages' Content-Security-Policy allows no inline style element), its font is the site's, and its ids
 * are made unique on the page.
 */
import {createHash} from 'node:crypto'
import {diagramProblem} from '@site/schemas/markup/diagram'
import {renderOwnDiagram} from '@site/schemas/markup/own-diagrams'

export type DiagramResult = {svg: string} | {problem: string; line?: number}

/** The colours a diagram is drawn in: the site's variables, light or dark with the page (labels in its muted text colour, which keeps AA contrast). */
const COLOURS = {bg: 'var(--color-bg)', fg: 'var(--color-text)', accent: 'var(--color-primary)', muted: 'var(--color-text-muted)', transparent: true}

/** A diagram as inline SVG, or why it cannot be drawn. */
export async function renderDiagram(code: string): Promise<DiagramResult> {
  const problem = await diagramProblem(code)
  if (problem) return problem
  try {
    // beautiful-mermaid draws every kind but git graphs and gantt charts (schemas' own-diagrams.ts, shared with the studio's preview).
    const raw = renderOwnDiagram(code) ?? (await import('beautiful-mermaid')).renderMermaidSVG(withDirection(code), COLOURS)
    // Scaled down to the column on narrow screens, in the site's body font (the page's stylesheet has no rule for diagrams).
    const svg = inlineStyles(raw, `d${createHash('sha1').update(code).digest('hex').slice(0, 8)}`).replace(
      /^<svg\b([^>]*?) style="/,
      '<svg$1 style="max-width:100%;height:auto;font-family:var(--font-body);',
    )
    const unsafe = unsafeMarkup(svg)
    return unsafe ? {problem: `the drawn diagram holds ${unsafe}, which pages never carry`} : {svg}
  } catch (error) {
    return {problem: `the diagram cannot be drawn: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`}
  }
}

/**
 * A flowchart whose header names no direction (`graph` alone on its line), which mermaid draws top
 * down, given that direction: beautiful-mermaid refuses a header without one.
 */
export function withDirection(code: string): string {
  return code.replace(/^((?:\s*---\n[\s\S]*?\n---\s*\n)?(?:\s*(?:%%[^\n]*)?\n)*?\s*)(graph|flowchart)[ \t]*;?[ \t]*(?=\n|$)/, '$1$2 TD')
}

/** What an SVG must never hold on a page: scripts, event handlers, foreign HTML, javascript: addresses. */
function unsafeMarkup(svg: string): string | null {
  if (/<script\b/i.test(svg)) return 'a script'
  if (/<foreignObject\b/i.test(svg)) return 'HTML (foreignObject)'
  if (/\son[a-z]+\s*=/i.test(svg)) return 'an event handler'
  if (/javascript:/i.test(svg)) return 'a javascript: address'
  return null
}

interface Rule {
  selectors: string[]
  declarations: string
}

/** The rules of the SVG's <style>, without @import (fonts of another host) and font families (the site's apply). */
function styleRules(css: string): Rule[] {
  const rules: Rule[] = []
  const body = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/@import[^;]*;/g, '')
  for (const match of body.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const selectors = (match[1] ?? '')
      .split(',')
      .map((selector) => selector.trim())
      .filter(Boolean)
    const declarations = (match[2] ?? '')
      .split(';')
      .map((declaration) => declaration.trim().replace(/\s+/g, ' '))
      .filter((declaration) => declaration !== '')
      // The site's fonts: its body font for every text (inherited from the SVG), its code font for members and types.
      .map((declaration) => (/^font-family\s*:/.test(declaration) ? (selectors.includes('.mono') ? 'font-family: var(--font-mono)' : '') : declaration))
      .filter(Boolean)
      .join(';')
    if (declarations !== '') rules.push({selectors, declarations})
  }
  return rules
}

/** Whether a start tag's element matches a simple selector (`svg`, `text`, `.a`, `.a.b`, `text.a`); others (:hover…) never do. */
function matches(selector: string, tag: string, classes: readonly string[]): boolean {
  const match = /^([a-z][\w-]*)?((?:\.[\w-]+)*)$/i.exec(selector)
  if (!match) return false
  const [, name, classPart = ''] = match
  if (!name && classPart === '') return false
  if (name && name !== tag) return false
  return classPart
    .split('.')
    .filter(Boolean)
    .every((className) => classes.includes(className))
}

/**
 * Folds the SVG's <style> into style attributes of the elements its rules select, and prefixes its ids
 * (markers, gradients) so that two diagrams on one page never share one.
 */
export function inlineStyles(svg: string, idPrefix: string): string {
  const css = [...svg.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '').join('\n')
  const rules = styleRules(css)
  const withoutStyle = svg.replace(/\s*<style>[\s\S]*?<\/style>/g, '')
  const ids = new Set([...withoutStyle.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1] ?? ''))
  const styled = withoutStyle.replace(/<([a-zA-Z][\w-]*)(\s[^<>]*?)?(\/?)>/g, (whole, tag: string, attributes: string | undefined, slash: string) => {
    const attributeText = attributes ?? ''
    const classes = (/\sclass="([^"]*)"/.exec(attributeText)?.[1] ?? '').split(/\s+/).filter(Boolean)
    const added = rules.filter((rule) => rule.selectors.some((selector) => matches(selector, tag, classes))).map((rule) => rule.declarations)
    if (added.length === 0) return whole
    const existing = /\sstyle="([^"]*)"/.exec(attributeText)
    // The element's own style attribute comes last, so that it wins as it did over the <style>.
    const style = [...added, ...(existing?.[1] ? [existing[1]] : [])].join(';')
    const rest = existing ? attributeText.replace(existing[0], '') : attributeText
    return `<${tag}${rest} style="${style.replace(/"/g, "'")}"${slash}>`
  })
  if (ids.size === 0) return styled
  return styled.replace(/(\sid="|url\(#|href="#)([^")]+)/g, (whole, lead: string, id: string) => (ids.has(id) ? `${lead}${idPrefix}-${id}` : whole))
}
