/**
 * The documentation's own links: every relative link of README.md and docs/*.md leads to a file of the
 * repository, and every `#anchor` to a heading of the file it names (GitHub's heading ids: lower case,
 * punctuation dropped, spaces as hyphens). Links to other sites are not followed.
 */
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'

const root = path.resolve(import.meta.dirname, '../../..')
const DOC_FILES = [
  'README.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
]

/** GitHub's id for a heading: lower case, every character but letters, digits, spaces, `-` and `_` dropped, spaces as `-`. */
function headingId(text: string): string {
  const plain = text.replace(/`/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
  return plain
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

/** Code, fenced or inline, as blank lines of the same count: its `#` and `[x](y)` are text, and lines keep their numbers. */
function blankCode(code: string): string {
  return code.replace(/[^\n]/g, '')
}

/** The markdown outside fenced code blocks, where a `#` line is a heading. */
function proseOf(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, blankCode)
}

/** The markdown outside code, fenced or inline, where `[x](y)` is a link. */
function linkTextOf(markdown: string): string {
  return proseOf(markdown).replace(/(`+)[^`][\s\S]*?\1/g, blankCode)
}

/** The heading ids of a markdown file, with GitHub's `-1`, `-2` suffixes for repeated ones. */
function anchorsOf(file: string): Set<string> {
  const ids = new Set<string>()
  const counts = new Map<string, number>()
  for (const match of proseOf(readFileSync(file, 'utf8')).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const id = headingId(match[1] ?? '')
    const seen = counts.get(id) ?? 0
    ids.add(seen === 0 ? id : `${id}-${seen}`)
    counts.set(id, seen + 1)
  }
  return ids
}

/** Every inline link target of a markdown file, with its line. */
function linksOf(markdown: string): Array<{target: string; line: number}> {
  const links: Array<{target: string; line: number}> = []
  const prose = linkTextOf(markdown)
  for (const match of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const line = prose.slice(0, match.index).split('\n').length
    links.push({target: match[1] ?? '', line})
  }
  return links
}

describe('documentation links', () => {
  it('finds the files to check', () => {
    expect(DOC_FILES).toContain('README.md')
    expect(DOC_FILES).toContain('docs/README.md')
    expect(DOC_FILES.length).toBeGreaterThan(10)
  })

  it('reads no link or heading inside code, and counts lines as the file does', () => {
    const markdown = ['```', '# not a heading', '```', 'A `[link](#nowhere)` in code, then', '[a link](#real).'].join('\n')
    expect(linksOf(markdown)).toEqual([{target: '#real', line: 5}])
  })

  it('gives headings the ids GitHub gives them', () => {
    expect(headingId('What was verified, and how')).toBe('what-was-verified-and-how')
    expect(headingId('npm run publish:site, webhook:sanity, search:index')).toBe('npm-run-publishsite-webhooksanity-searchindex')
    expect(headingId('Operators: docker compose')).toBe('operators-docker-compose')
  })

  it.each(DOC_FILES)('every relative link of %s resolves to a file and heading of the repository', (file) => {
    const problems: string[] = []
    const from = path.join(root, file)
    for (const {target, line} of linksOf(readFileSync(from, 'utf8'))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue
      const [pathPart = '', anchor] = target.split('#', 2)
      const resolved = pathPart === '' ? from : path.resolve(path.dirname(from), decodeURIComponent(pathPart))
      if (!resolved.startsWith(root + path.sep) && resolved !== root) {
        problems.push(`${file}:${line}: ${target} leaves the repository`)
        continue
      }
      if (!existsSync(resolved)) {
        problems.push(`${file}:${line}: ${target}: no such file`)
        continue
      }
      if (anchor === undefined) continue
      if (statSync(resolved).isDirectory() || !resolved.endsWith('.md')) {
        problems.push(`${file}:${line}: ${target}: an anchor into a file that is not markdown`)
        continue
      }
      if (!anchorsOf(resolved).has(anchor)) problems.push(`${file}:${line}: ${target}: no heading with the id "${anchor}"`)
    }
    expect(problems).toEqual([])
  })
})
