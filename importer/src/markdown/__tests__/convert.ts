// The converter as the markdown tests call it: one file's text → its blocks without their keys (so that
// expectations need not name them) and its warnings as printed; links kept, images named by file.
import {type Diagnostic, formatDiagnostic} from '../../diagnostics'
import type {ConversionContext} from '../conversion-context'
import {convertMarkdown} from '../to-portable-text'

export function convertFile(file: string, markdown: string, features?: ConversionContext['features']): {blocks: unknown[]; warnings: string[]} {
  const diagnostics: Diagnostic[] = []
  const {blocks} = convertMarkdown(markdown, {
    file,
    resolveLink: (href) => href,
    resolveImage: (src) => ({_type: 'image', _sanityAsset: `image@file://./images/${src.split('/').pop()}`}),
    warn: (diagnostic) => diagnostics.push(diagnostic),
    ...(features ? {features} : {}),
  })
  return {
    blocks: JSON.parse(JSON.stringify(blocks, (key, value: unknown) => (key === '_key' ? undefined : value))) as unknown[],
    warnings: diagnostics.map(formatDiagnostic),
  }
}

/** A span as the converter writes it, keys left out. */
export const span = (text: string, marks: string[] = []) => ({_type: 'span', text, marks})
