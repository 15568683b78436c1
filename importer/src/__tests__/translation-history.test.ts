// Translation staleness from git history, on a copy of the fixture site in a temporary git repository.
import {execFileSync} from 'node:child_process'
import {cp, mkdtemp, readFile, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {gitEnv} from '@site/test-support/git'
import {translationStatus} from '@site/schemas'
import {afterEach, beforeEach, describe, expect, it} from 'vitest'
import {formatDiagnostic} from '../diagnostics'
import {GitHistory} from '../git-history'
import {type ImportResult, runImport} from '../run-import'

const FIXTURE = path.join(import.meta.dirname, '__fixtures__', 'site')
const SOURCE = 'docs/02-server/rooms.md'
const TRANSLATION = 'i18n/fr/docusaurus-plugin-content-docs/current/02-server/rooms.md'
const POST_SOURCE = 'blog/2024-07-12-hello-world.md'

let root = ''
let lines: string[] = []

function git(...args: string[]): void {
  execFileSync('git', args, {
    cwd: root,
    stdio: 'pipe',
    env: gitEnv(),
  })
}

async function commitAll(message: string, date: string): Promise<void> {
  git('add', '-A')
  execFileSync('git', ['commit', '-qm', message], {
    cwd: root,
    env: gitEnv(date),
  })
}

async function edit(file: string, change: (text: string) => string): Promise<void> {
  const absolute = path.join(root, 'content', file)
  await writeFile(absolute, change(await readFile(absolute, 'utf8')))
}

async function importSite(): Promise<{result: ImportResult; status: (id: string) => string; byId: Map<string, Record<string, unknown>>}> {
  lines = []
  const result = await runImport({contentDir: path.join(root, 'content'), outDir: path.join(root, 'out'), write: false, progress: (line) => lines.push(line)})
  expect(result.errors.map(formatDiagnostic)).toEqual([])
  const byId = new Map(result.documents.map((document) => [document._id, document as Record<string, unknown>]))
  const status = (id: string) => {
    const translation = byId.get(id) as {translation?: {source: {_ref: string}; sourceRevision?: string}} | undefined
    if (!translation?.translation) throw new Error(`${id} has no translation field`)
    return translationStatus(byId.get(translation.translation.source._ref) ?? {}, translation)
  }
  return {result, status, byId}
}

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'translation-history-'))
  await cp(FIXTURE, path.join(root, 'content'), {recursive: true})
  git('init', '-q')
  await commitAll('source and translation', '2024-03-01T10:00:00Z')
})

afterEach(async () => {
  await rm(root, {recursive: true, force: true})
})

describe('translation dates from git history', () => {
  it('marks a translation current when its source has not changed since its last commit', async () => {
    const {status, byId} = await importSite()
    expect(status('doc-v4-fr-server--rooms')).toBe('current')
    expect(status('blogPost-fr-2024--07--12--hello-world')).toBe('current')
    expect((byId.get('doc-v4-fr-server--rooms')?.translation as {translatedAt: string}).translatedAt).toBe('2024-03-01T10:00:00.000Z')
    expect(lines).toContain('translations: 2 dated by git history')
  })

  it('marks a translation stale when its source was committed again after it', async () => {
    await edit(SOURCE, (text) => text.replace('## Joining a room', '## Joining and leaving a room'))
    await commitAll('source changed', '2024-04-01T10:00:00Z')
    const {status} = await importSite()
    expect(status('doc-v4-fr-server--rooms')).toBe('stale')
    expect(lines).toContain(
      'translations: 2 dated by git history; 1 stale (source changed since): i18n/fr/docusaurus-plugin-content-docs/current/02-server/rooms.md',
    )
    // Only the changed source's translation.
    expect(status('blogPost-fr-2024--07--12--hello-world')).toBe('current')
  })

  it('marks it current again once the translation is committed after the source', async () => {
    await edit(SOURCE, (text) => text.replace('## Joining a room', '## Joining and leaving a room'))
    await commitAll('source changed', '2024-04-01T10:00:00Z')
    await edit(TRANSLATION, (text) => text.replace('## Rejoindre une salle', '## Rejoindre et quitter une salle'))
    await commitAll('translation updated', '2024-04-02T10:00:00Z')
    const {status} = await importSite()
    expect(status('doc-v4-fr-server--rooms')).toBe('current')
  })

  it('ignores changes that do not touch translatable content (front matter order, sidebar position)', async () => {
    await edit(SOURCE, (text) => text.replace('sidebar_position: 2', 'sidebar_position: 3'))
    await commitAll('reorder', '2024-04-01T10:00:00Z')
    const {status} = await importSite()
    expect(status('doc-v4-fr-server--rooms')).toBe('current')
  })

  it('counts an uncommitted source change as a change after the translation', async () => {
    await edit(POST_SOURCE, (text) => `${text}\nA new closing paragraph.\n`)
    const {status} = await importSite()
    expect(status('blogPost-fr-2024--07--12--hello-world')).toBe('stale')
  })

  it('takes an uncommitted or never committed translation as made from the current source, and says so', async () => {
    await edit(SOURCE, (text) => text.replace('## Joining a room', '## Joining and leaving a room'))
    await commitAll('source changed', '2024-04-01T10:00:00Z')
    await edit(TRANSLATION, (text) => text.replace('## Rejoindre une salle', '## Rejoindre et quitter une salle'))
    const {status} = await importSite()
    expect(status('doc-v4-fr-server--rooms')).toBe('current')
    expect(lines).toContain('translations: 1 dated by git history, 1 with uncommitted changes taken as made from the current source')
  })

  it('falls back to the current source outside a git work tree, and says so', async () => {
    await rm(path.join(root, '.git'), {recursive: true, force: true})
    const {status} = await importSite()
    expect(status('doc-v4-fr-server--rooms')).toBe('current')
    expect(lines.find((line) => line.startsWith('translations:'))).toBe(
      'translations: 0 dated by git history, 2 taken as made from the current source, as the site folder is not in a git work tree',
    )
  })

  it('reads files at a commit and reports their state', async () => {
    const history = await GitHistory.open(path.join(root, 'content'))
    expect(history).not.toBeNull()
    const file = path.join(root, 'content', SOURCE)
    const state = await history!.state(file)
    expect(state.kind).toBe('committed')
    if (state.kind !== 'committed') return
    expect(await history!.readAt(state.commit, file)).toContain('## Joining a room')
    expect(await history!.readAt(state.commit, path.join(root, 'content', 'docs', 'nowhere.md'))).toBeNull()
    await writeFile(path.join(root, 'content', 'docs', 'new.md'), '# New\n')
    expect(await (await GitHistory.open(path.join(root, 'content')))!.state(path.join(root, 'content', 'docs', 'new.md'))).toEqual({kind: 'untracked'})
  })
})

describe('translation metadata for @sanity/document-internationalization', () => {
  it('links each source with its translations, one metadata document per source', async () => {
    const {result} = await importSite()
    const metadata = result.documents.filter((document) => document._type === 'translation.metadata')
    expect(metadata.map((document) => document._id).sort()).toEqual([
      'translation-metadata-blogPost-en-2024--07--12--hello-world',
      'translation-metadata-doc-v4-en-server--rooms',
    ])
    const rooms = metadata.find((document) => document._id === 'translation-metadata-doc-v4-en-server--rooms')
    expect(rooms).toMatchObject({
      schemaTypes: ['doc'],
      translations: [
        {_key: 'en', language: 'en', _type: 'internationalizedArrayReferenceValue', value: {_type: 'reference', _ref: 'doc-v4-en-server--rooms'}},
        {_key: 'fr', language: 'fr', _type: 'internationalizedArrayReferenceValue', value: {_type: 'reference', _ref: 'doc-v4-fr-server--rooms'}},
      ],
    })
  })
})

describe('last-updated dates from git history', () => {
  const docBySource = (result: ImportResult, file: string) =>
    result.documents.find((document) => document._type === 'doc' && document.sourcePath === file) as Record<string, unknown> | undefined

  it('dates a doc by the last commit of its file, and changes the date when the file is committed again', async () => {
    const first = await importSite()
    expect(docBySource(first.result, SOURCE)?.lastUpdatedAt).toBe('2024-03-01T10:00:00.000Z')
    expect(lines.some((line) => /^last updated: \d+ docs and pages dated/.test(line))).toBe(true)

    await edit(SOURCE, (text) => `${text}\nOne more paragraph.\n`)
    await commitAll('source edited', '2024-05-02T08:30:00Z')
    const second = await importSite()
    expect(docBySource(second.result, SOURCE)?.lastUpdatedAt).toBe('2024-05-02T08:30:00.000Z')
    expect(docBySource(second.result, TRANSLATION)?.lastUpdatedAt).toBe('2024-03-01T10:00:00.000Z')
  })

  it('gives no date to a file with uncommitted changes rather than a wrong one', async () => {
    await edit(SOURCE, (text) => `${text}\nNot committed yet.\n`)
    const {result} = await importSite()
    expect(docBySource(result, SOURCE)?.lastUpdatedAt).toBeUndefined()
  })
})

describe('a copy of the site outside git, imported with the history of the folder it was copied from (--git-history-of)', () => {
  it('imports as that folder does, and an edit of the copy as the same edit there, not committed', async () => {
    // A translation made stale by a later commit of its source: every kind of date is in the import.
    await edit(SOURCE, (text) => text.replace('## Joining a room', '## Joining and leaving a room'))
    await commitAll('source changed', '2024-04-01T10:00:00Z')
    const original = path.join(root, 'content')
    const copy = path.join(await mkdtemp(path.join(tmpdir(), 'translation-history-copy-')), 'content')
    try {
      await cp(original, copy, {recursive: true, preserveTimestamps: true})
      const importFrom = async (contentDir: string, gitHistoryOf?: string) => {
        const result = await runImport({contentDir, outDir: path.join(root, 'out'), write: false, gitHistoryOf})
        expect(result.errors.map(formatDiagnostic)).toEqual([])
        return JSON.stringify(result.documents)
      }
      const imported = await importFrom(original)
      expect(imported).toContain('"lastUpdatedAt":"2024-04-01T10:00:00.000Z"')
      // Alone, the copy knows no history: no dates, every translation taken as current.
      expect(await importFrom(copy)).not.toBe(imported)
      expect(await importFrom(copy, original)).toBe(imported)

      const paragraph = (text: string) => `${text}\nA paragraph written in the copy.\n`
      await writeFile(path.join(copy, SOURCE), paragraph(await readFile(path.join(copy, SOURCE), 'utf8')))
      const editedCopy = await importFrom(copy, original)
      await edit(SOURCE, paragraph)
      expect(editedCopy).toBe(await importFrom(original))
      expect(editedCopy).not.toBe(imported)
    } finally {
      await rm(path.dirname(copy), {recursive: true, force: true})
    }
  })
})
