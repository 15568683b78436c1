/**
 * What editors see under a Mermaid diagram's or a formula's source while they type: the diagram
 * drawn by the same code the site's build draws it with (beautiful-mermaid, schemas' own-diagrams.ts), the formula
 * typeset by KaTeX (as MathML, which the browser lays out itself). A source the site cannot draw is
 * said at once, with the reason; the site's build shows such a source as code, never fails on it.
 */
import {mermaidDiagramKind} from '@site/schemas'
import {katexMessage, katexOptions} from '@site/schemas/markup/math'
import {Card, Stack, Text} from '@sanity/ui'
import katex from 'katex'
import {useEffect, useMemo, useState} from 'react'
import type {ObjectInputProps} from 'sanity'

type Preview = {html: string} | {problem: string}

/** A diagram as SVG for the studio's preview: its own colours, no fonts of another host. */
export function previewDiagram(code: string, render: (code: string) => string): Preview {
  if (code.trim() === '') return {problem: 'Write the diagram above: its first line names its kind (sequenceDiagram, graph TD…).'}
  if (mermaidDiagramKind(code) === null)
    return {
      problem: 'The site draws flowcharts (graph, flowchart), sequenceDiagram, stateDiagram-v2, classDiagram, erDiagram, xychart-beta, gitGraph and gantt.',
    }
  try {
    return {html: render(code).replace(/@import[^;]*;/g, '')}
  } catch (error) {
    return {problem: error instanceof Error ? error.message : String(error)}
  }
}

/** A formula as MathML for the studio's preview (read with the site's options), or KaTeX's reason for refusing it. */
export function previewMath(tex: string, displayMode: boolean): Preview {
  if (tex.trim() === '') return {problem: 'Write the formula above in TeX.'}
  try {
    return {html: katex.renderToString(tex, {...katexOptions(displayMode), output: 'mathml'})}
  } catch (error) {
    return {problem: katexMessage(error)}
  }
}

function PreviewCard({preview, label}: {preview: Preview; label: string}) {
  if ('problem' in preview)
    return (
      <Card padding={3} radius={2} tone="caution" data-testid="source-preview-problem">
        <Text size={1}>{preview.problem}</Text>
      </Card>
    )
  return (
    <Card padding={3} radius={2} border aria-label={label} data-testid="source-preview">
      <div style={{overflowX: 'auto'}} dangerouslySetInnerHTML={{__html: preview.html}} />
    </Card>
  )
}

type Render = (code: string) => string

/** beautiful-mermaid, loaded when a diagram is first edited. */
let rendererLoading: Promise<Render> | undefined
function loadRenderer(): Promise<Render> {
  const colours = {bg: '#ffffff', text: '#1c1e21', muted: '#606770', primary: '#2e8555'}
  rendererLoading ??= Promise.all([import('beautiful-mermaid'), import('@site/schemas/markup/own-diagrams')]).then(
    ([mermaid, own]) =>
      (code: string) =>
        own.renderOwnDiagram(code, colours) ?? mermaid.renderMermaidSVG(code, {bg: colours.bg, fg: colours.text}),
  )
  return rendererLoading
}

/** The Mermaid diagram block's fields, then the diagram as the site will draw it. */
export function DiagramInput(props: ObjectInputProps) {
  const code = typeof (props.value as {code?: unknown} | undefined)?.code === 'string' ? (props.value as {code: string}).code : ''
  const [render, setRender] = useState<{fn: Render} | null>(null)
  useEffect(() => {
    let live = true
    void loadRenderer().then((fn) => {
      if (live) setRender({fn})
    })
    return () => {
      live = false
    }
  }, [])
  const preview = useMemo(() => (render ? previewDiagram(code, render.fn) : {problem: 'Loading the preview…'}), [code, render])
  return (
    <Stack gap={3}>
      {props.renderDefault(props)}
      <PreviewCard preview={preview} label="Diagram preview" />
    </Stack>
  )
}

/** The math block's or inline math's field, then the formula typeset. */
export function MathInput(props: ObjectInputProps) {
  const tex = typeof (props.value as {tex?: unknown} | undefined)?.tex === 'string' ? (props.value as {tex: string}).tex : ''
  const display = props.schemaType.name === 'mathBlock'
  const preview = useMemo(() => previewMath(tex, display), [tex, display])
  return (
    <Stack gap={3}>
      {props.renderDefault(props)}
      <PreviewCard preview={preview} label="Formula preview" />
    </Stack>
  )
}
