// Which markdown a site's files are read with: indented code (CommonMark) or not (MDX), from its
// Docusaurus version and `markdown.format`.
import {mkdtemp, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {docusaurusMajor, indentedCodeOf} from '../features'

describe('docusaurusMajor', () => {
  it('reads the major version of @docusaurus/core in the site’s package.json, and nothing without one', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'features-'))
    try {
      expect(docusaurusMajor(dir)).toBeUndefined()
      await writeFile(path.join(dir, 'package.json'), JSON.stringify({dependencies: {'@docusaurus/core': '^2.4.0', react: '^17.0.2'}}))
      expect(docusaurusMajor(dir)).toBe(2)
      await writeFile(path.join(dir, 'package.json'), JSON.stringify({devDependencies: {'@docusaurus/core': '3.10.2'}}))
      expect(docusaurusMajor(dir)).toBe(3)
    } finally {
      await rm(dir, {recursive: true, force: true})
    }
  })
})

describe('indentedCodeOf', () => {
  it('gives Docusaurus 2 indented code everywhere, Docusaurus 3 none (MDX), and .md files only under format: detect', () => {
    expect(indentedCodeOf({}, 2)('docs/a.mdx')).toBe(true)
    expect(indentedCodeOf({}, 3)('docs/a.md')).toBe(false)
    expect(indentedCodeOf({}, undefined)('docs/a.md')).toBe(false)
    const detect = indentedCodeOf({markdown: {format: 'detect'}}, 3)
    expect([detect('docs/a.md'), detect('docs/b.mdx')]).toEqual([true, false])
    expect(indentedCodeOf({markdown: {format: 'md'}}, 3)('docs/b.mdx')).toBe(true)
  })
})
