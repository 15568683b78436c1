// Each kind of bad front matter → an error naming the file, the field and the line.
import {describe, expect, it} from 'vitest'
import {DiagnosticLog, formatDiagnostic} from '../diagnostics'
import {BLOG_FIELDS, DOC_FIELDS, frontMatterDate, type FrontMatterRules, readFrontMatter, RELEASE_FIELDS, rolledOverDay} from '../front-matter'

function errorsOf(file: string, text: string, rules: FrontMatterRules): string[] {
  const log = new DiagnosticLog()
  readFrontMatter(file, text, rules, log)
  return log.errors.map(formatDiagnostic)
}

describe('front matter validation', () => {
  it('accepts valid front matter and knows the line of each field', () => {
    const log = new DiagnosticLog()
    const result = readFrontMatter('docs/rooms.md', '---\ntitle: Rooms\nsidebar_position: 3\n---\n\nBody\n', DOC_FIELDS, log)
    expect(log.errors).toEqual([])
    expect(result?.data).toEqual({title: 'Rooms', sidebar_position: 3})
    expect(result?.lineOf('sidebar_position')).toBe(3)
  })

  it('reports a YAML syntax error with its line and the field on that line', () => {
    expect(errorsOf('docs/rooms.md', '---\ntitle: Rooms\ndescription: [unclosed\n---\n', DOC_FIELDS)).toEqual([
      expect.stringMatching(/^docs\/rooms\.md:3: description: invalid YAML: /),
    ])
  })

  it('reads two fields on one line after a list as two fields, as Docusaurus (gray-matter, js-yaml 3) does', () => {
    const log = new DiagnosticLog()
    const text = '---\ntitle: Notes from the garden\nauthors: [ada] tags: [seeds, soil]\ndate: 2023-04-05\n---\n\nBody\n'
    const result = readFrontMatter('blog/2023-04-05-garden.md', text, BLOG_FIELDS, log)
    expect(log.errors.map(formatDiagnostic)).toEqual([])
    expect(log.warnings.map(formatDiagnostic)).toEqual([])
    expect(result?.data).toEqual({title: 'Notes from the garden', authors: ['ada'], tags: ['seeds', 'soil'], date: '2023-04-05'})
    expect([result?.lineOf('authors'), result?.lineOf('tags'), result?.lineOf('date')]).toEqual([3, 3, 4])
  })

  it("reads a number written as text as that number, as the validation of Docusaurus converts it (Arbitrum writes `sidebar_position: '2'`)", () => {
    const log = new DiagnosticLog()
    const result = readFrontMatter('docs/rooms.md', '---\nsidebar_position: "2"\ntoc_max_heading_level: " 4 "\n---\n', DOC_FIELDS, log)
    expect(log.errors.map(formatDiagnostic)).toEqual([])
    expect(result?.data).toEqual({sidebar_position: 2, toc_max_heading_level: 4})
  })

  it('gives the values of YAML 1.1 that Docusaurus reads: a leading-zero octal, a merge key', () => {
    const log = new DiagnosticLog()
    const text = '---\nsidebar_position: 010\n<<: {description: Shared words}\n---\n'
    const result = readFrontMatter('docs/octal.md', text, DOC_FIELDS, log)
    expect(log.errors).toEqual([])
    expect(result?.data).toEqual({sidebar_position: 8, description: 'Shared words'})
  })

  it('still refuses, with its line, what Docusaurus refuses: plain text with a colon after a value', () => {
    expect(errorsOf('docs/two.md', '---\ntitle: Two\ndescription: one word: another\n---\n', DOC_FIELDS)).toEqual([
      expect.stringMatching(/^docs\/two\.md:3: description: invalid YAML: /),
    ])
  })

  it('reports a duplicated field, which Docusaurus refuses too', () => {
    expect(errorsOf('docs/twice.md', '---\ntitle: One\ntitle: Two\n---\n', DOC_FIELDS)).toEqual([
      expect.stringMatching(/^docs\/twice\.md:3: title: invalid YAML: /),
    ])
  })

  it('lets a doc go without a front matter title, as Docusaurus does (its heading or file name is the title)', () => {
    expect(errorsOf('docs/rooms.md', '---\ndescription: No title here\n---\n', DOC_FIELDS)).toEqual([])
  })

  it('reports a missing title when there is no front matter at all', () => {
    expect(errorsOf('src/pages/how-to/x.md', 'Just text.\n', {title: {kind: 'string', required: true}})).toEqual([
      'src/pages/how-to/x.md:1: title: is required',
    ])
  })

  it('reports a wrong type such as sidebar_position: "abc"', () => {
    expect(errorsOf('docs/rooms.md', '---\ntitle: Rooms\nsidebar_position: "abc"\n---\n', DOC_FIELDS)).toEqual([
      'docs/rooms.md:3: sidebar_position: expected a number, got "abc"',
    ])
  })

  it('reports an invalid date', () => {
    expect(errorsOf('blog/2024-01-01-x.md', '---\ntitle: X\nauthors: [a]\ndate: 2024-13-45\n---\n', BLOG_FIELDS)).toEqual([
      'blog/2024-01-01-x.md:4: date: expected a date such as 2024-07-12, got "2024-13-45"',
    ])
  })

  it('reports a release version that is not semver, and a missing release date', () => {
    expect(errorsOf('changelog/4.8.md', '---\nversion: 4.8\n---\n', RELEASE_FIELDS)).toEqual([
      'changelog/4.8.md:2: version: expected a semantic version such as 4.8.1, got 4.8',
      'changelog/4.8.md:1: date: is required',
    ])
  })

  it('reports front matter that is never closed', () => {
    expect(errorsOf('docs/rooms.md', '---\ntitle: Rooms\n\nBody\n', DOC_FIELDS)).toEqual([
      'docs/rooms.md:1: front matter: the front matter block is not closed with ---',
    ])
  })
})

describe('frontMatterDate', () => {
  it('gives the UTC day Docusaurus shows for a date, a YAML timestamp with its offset, or other text JavaScript reads', () => {
    expect(frontMatterDate('2024-07-12')).toBe('2024-07-12')
    expect(frontMatterDate('2024-07-12 23:30:00 -05:00')).toBe('2024-07-13')
    expect(frontMatterDate('2024-07-13T01:15:00+02:00')).toBe('2024-07-12')
    expect(frontMatterDate('2024-7-2 10:00:00')).toBe('2024-07-02')
    expect(frontMatterDate('2025-03-19 00:00:00 -0700')).toBe('2025-03-19')
    expect(frontMatterDate('July 12, 2024')).toBe('2024-07-12')
  })

  it('has no day for text that is no date', () => {
    expect(frontMatterDate('someday')).toBeNull()
    expect(frontMatterDate(20240712)).toBeNull()
  })

  it('reads a day no calendar has as the day it rolls over to, as YAML and JavaScript read it for Docusaurus, and says so', () => {
    expect(frontMatterDate('2024-02-30')).toBe('2024-03-01')
    expect(frontMatterDate('2017-02-29 11:00:00')).toBe('2017-03-01')
    expect(rolledOverDay('2017-02-29 11:00:00')).toBe('2017-03-01')
    expect(rolledOverDay('2024-02-29')).toBeNull()
    const log = new DiagnosticLog()
    readFrontMatter('blog/leap.md', '---\ntitle: Leap\ndate: 2017-02-29 11:00:00\n---\n', BLOG_FIELDS, log)
    expect(log.errors).toEqual([])
    expect(log.warnings.map(formatDiagnostic)).toEqual([
      'blog/leap.md:3: date: "2017-02-29 11:00:00" names a day that no calendar has: read as 2017-03-01, as Docusaurus reads it',
    ])
  })

  it('lets a release be dated by a timestamp', () => {
    expect(errorsOf('changelog/4.8.1.md', '---\nversion: 4.8.1\ndate: 2024-07-12 10:00:00 +02:00\n---\n', RELEASE_FIELDS)).toEqual([])
  })
})
