/** The pure decisions behind the page behaviours and the crash fallback. */
import {describe, expect, it} from 'vitest'
import {parseDocVersions, preferredVersion, versionDropdownLabel, withQueryAndHash} from '../behaviours'
import {prefetchAllowed} from '../dom'
import {activeHeading} from '../toc-highlight'
import {errorChain} from '../client-messages'

describe('page behaviours', () => {
  it('keeps a remembered docs version only while it exists', () => {
    expect(preferredVersion('v3', ['v4', 'v3', 'v2'])).toBe('v3')
    expect(preferredVersion('v1', ['v4', 'v3', 'v2'])).toBeNull()
    expect(preferredVersion(null, ['v4'])).toBeNull()
  })

  it('labels the version dropdown with the version being read, else the remembered one, else as rendered', () => {
    const labels = new Map([
      ['v4', '4.x'],
      ['v3', '3.x'],
    ])
    expect(versionDropdownLabel({reading: 'v4', preferred: 'v3', labels, rendered: '4.x'})).toBe('4.x')
    expect(versionDropdownLabel({reading: null, preferred: 'v3', labels, rendered: '4.x'})).toBe('3.x')
    expect(versionDropdownLabel({reading: null, preferred: null, labels, rendered: '4.x'})).toBe('4.x')
    expect(versionDropdownLabel({reading: null, preferred: 'v9', labels, rendered: '4.x'})).toBe('4.x')
  })

  it('reads the other-version targets of a navbar doc link', () => {
    expect([...parseDocVersions('v3 /fr/docs/v3/|v2 /fr/docs/v2/')]).toEqual([
      ['v3', '/fr/docs/v3/'],
      ['v2', '/fr/docs/v2/'],
    ])
    expect(parseDocVersions(undefined).size).toBe(0)
    expect(parseDocVersions('broken').size).toBe(0)
  })

  it('moves the query string and hash onto a locale link', () => {
    expect(withQueryAndHash('/docs/v4/rooms/', '?q=1', '#joining')).toBe('/docs/v4/rooms/?q=1#joining')
    expect(withQueryAndHash('/fr/?old=1#x', '', '')).toBe('/fr/')
  })

  it('skips prefetching on save-data and 2g connections only', () => {
    expect(prefetchAllowed(undefined)).toBe(true)
    expect(prefetchAllowed({effectiveType: '4g'})).toBe(true)
    expect(prefetchAllowed({effectiveType: '3g'})).toBe(true)
    expect(prefetchAllowed({effectiveType: '2g'})).toBe(false)
    expect(prefetchAllowed({effectiveType: 'slow-2g'})).toBe(false)
    expect(prefetchAllowed({effectiveType: '4g', saveData: true})).toBe(false)
  })

  it('highlights the last heading that has passed under the navbar, the first one before any has', () => {
    const tops = [
      {id: 'a', top: -400},
      {id: 'b', top: 60},
      {id: 'c', top: 700},
    ]
    expect(activeHeading(tops, 80)).toBe('b')
    expect(activeHeading(tops, 40)).toBe('a')
    expect(activeHeading([{id: 'a', top: 300}], 80)).toBe('a')
    expect(activeHeading([], 80)).toBeNull()
  })

  it('lists an error and its causes, stopping at a cycle', () => {
    const inner = new Error('inner')
    expect(errorChain(new Error('outer', {cause: inner}))).toEqual(['outer', 'inner'])
    const looping = new Error('loop')
    looping.cause = looping
    expect(errorChain(looping)).toEqual(['loop'])
    expect(errorChain('plain')).toEqual(['plain'])
  })
})
