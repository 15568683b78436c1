// The label Docusaurus gives a tag of a tags file that names none: its key, capitalized.
import {describe, expect, it} from 'vitest'
import {capitalizeKey} from '../blog-tags'

describe('capitalizeKey', () => {
  it('puts the first letter in upper case and the others in lower case, as Docusaurus does', () => {
    expect(capitalizeKey('kites')).toBe('Kites')
    expect(capitalizeKey('field-notes')).toBe('Field-notes')
    expect(capitalizeKey('iOS')).toBe('Ios')
    expect(capitalizeKey('élan')).toBe('Élan')
    expect(capitalizeKey('')).toBe('')
  })
})
