import {readFileSync} from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {documentTypes} from '../index'
import {WEBHOOK_DOCUMENT_TYPES, WEBHOOK_FILTER} from '../webhook'

describe('the webhook filter', () => {
  it('names every document type of the content model but the publish service’s own status', () => {
    const modelTypes = documentTypes.map((type) => type.name).filter((name) => name !== 'publishStatus')
    expect([...WEBHOOK_DOCUMENT_TYPES].sort()).toEqual(modelTypes.sort())
  })

  it('is a GROQ filter on _type', () => {
    expect(WEBHOOK_FILTER).toMatch(/^_type in \["doc", "blogPost", .*"publishRequest"\]$/)
  })

  it('is the filter the operators’ docs tell them to set', () => {
    const docs = readFileSync(path.resolve(import.meta.dirname, '../../../docs/publishing.md'), 'utf8')
    expect(docs).toContain(`filter \`${WEBHOOK_FILTER}\``)
  })
})
