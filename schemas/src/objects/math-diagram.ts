/**
 * Math (TeX, typeset with KaTeX when the site is built) and Mermaid diagrams (drawn into SVG when the
 * site is built): block types of the rich text, and math inside a line of text.
 */
import {defineField, defineType} from '@sanity/types'
import {mermaidDiagramKind} from '../markup/diagram-kind'

export {MERMAID_DIAGRAM_KINDS, mermaidDiagramKind, type MermaidDiagramKind} from '../markup/diagram-kind'

export const mathBlock = defineType({
  name: 'mathBlock',
  title: 'Math (block)',
  type: 'object',
  description: 'A formula on a line of its own, written in TeX (as between $$ and $$ in markdown) and typeset when the site is built.',
  fields: [
    defineField({
      name: 'tex',
      title: 'TeX',
      type: 'text',
      rows: 4,
      description: 'For example: \\int_0^1 x^2\\,dx = \\frac{1}{3}. A formula KaTeX cannot read is shown as its source.',
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {
    select: {tex: 'tex'},
    prepare: ({tex}: {tex?: string}) => ({title: typeof tex === 'string' ? tex.split('\n')[0] : 'Math', subtitle: 'Math (block)'}),
  },
})

export const mathInline = defineType({
  name: 'mathInline',
  title: 'Math',
  type: 'object',
  description: 'A formula inside a line of text, written in TeX (as between $ and $ in markdown).',
  fields: [
    defineField({
      name: 'tex',
      title: 'TeX',
      type: 'string',
      description: 'For example: e^{i\\pi} + 1 = 0',
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {select: {title: 'tex'}, prepare: ({title}: {title?: string}) => ({title: title ?? 'Math', subtitle: 'Math'})},
})

export const mermaidDiagram = defineType({
  name: 'mermaidDiagram',
  title: 'Diagram (Mermaid)',
  type: 'object',
  description:
    'A diagram written in Mermaid (as a ```mermaid code block in markdown), drawn when the site is built, in the light and dark colours of the site: flowcharts, sequence, state, class and entity-relationship diagrams, and XY charts.',
  fields: [
    defineField({
      name: 'code',
      title: 'Mermaid source',
      type: 'text',
      rows: 12,
      description: 'For example: sequenceDiagram, then one message a line: Client->>Server: hello. A diagram the site cannot draw is shown as its source.',
      validation: (rule) =>
        rule
          .required()
          .custom((value: string | undefined) =>
            typeof value === 'string' && value.trim() !== '' && mermaidDiagramKind(value) === null
              ? 'The first line must name a kind the site draws: graph or flowchart, sequenceDiagram, stateDiagram-v2, classDiagram, erDiagram, xychart-beta, gitGraph or gantt'
              : true,
          ),
    }),
    defineField({
      name: 'title',
      type: 'string',
      description: 'What the diagram shows, in a few words, for readers who cannot see it.',
    }),
  ],
  preview: {
    select: {code: 'code', title: 'title'},
    prepare: ({code, title}: {code?: string; title?: string}) => ({
      title: title || (typeof code === 'string' ? code.trim().split('\n')[0] : 'Diagram'),
      subtitle: 'Diagram (Mermaid)',
    }),
  },
})
