// Where a static file lands in the export: at the decoded name of the address it is served at.
import path from 'node:path'
import {describe, expect, it, vi} from 'vitest'
import {exportPathOf} from '../static-files'

vi.mock('server-only', () => ({}))

const out = path.resolve('/tmp/export')

describe('exportPathOf', () => {
  it('writes a percent-encoded path under its decoded name, where a server decoding the request finds it', () => {
    expect(exportPathOf(out, 'files/release%20notes.txt')).toBe(path.join(out, 'files', 'release notes.txt'))
    expect(exportPathOf(out, 'files/100%25%20done.txt')).toBe(path.join(out, 'files', '100% done.txt'))
    expect(exportPathOf(out, 'img/logo.svg')).toBe(path.join(out, 'img', 'logo.svg'))
  })

  it('takes a segment that is not valid percent-encoding as written', () => {
    expect(exportPathOf(out, 'files/100%.txt')).toBe(path.join(out, 'files', '100%.txt'))
  })

  it('refuses a path that leaves the export, or a segment that decodes to a separator', () => {
    expect(exportPathOf(out, '../outside.txt')).toBeNull()
    expect(exportPathOf(out, '%2E%2E/outside.txt')).toBeNull()
    expect(exportPathOf(out, 'files/a%2Fb.txt')).toBeNull()
    expect(exportPathOf(out, 'files/a%5Cb.txt')).toBeNull()
  })
})
