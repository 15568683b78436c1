// Docusaurus's pathname:// links (a plain file its router must leave alone) become the file's path.
import {describe, expect, it} from 'vitest'
import {resolveLink} from '../resolvers'
import {withoutPathnameProtocol} from '../site-settings'

describe('pathname:// links', () => {
  it('become site paths in the config and in markdown, other links unchanged', () => {
    expect(withoutPathnameProtocol('pathname:///files/cheatsheet.txt')).toBe('/files/cheatsheet.txt')
    expect(withoutPathnameProtocol('/docs/')).toBe('/docs/')
    const reported: string[] = []
    const context = {file: 'docs/a.md', canonicalPath: 'docs/a.md', contentRoot: 'docs', line: 1}
    expect(resolveLink('pathname:///downloads/app.zip', context, new Map(), (message) => reported.push(message))).toBe('/downloads/app.zip')
    expect(resolveLink('https://example.org/x', context, new Map(), (message) => reported.push(message))).toBe('https://example.org/x')
    expect(reported).toEqual([])
  })
})
