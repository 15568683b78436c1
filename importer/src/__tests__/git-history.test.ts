// The last commit of each file, read from a clone that lacks some file contents (a partial or
// damaged mirror): names and dates need no file contents, so none is read. A copy of a folder, outside
// git, read with the history of the folder it was copied from.
import {execFileSync} from 'node:child_process'
import {cp, mkdir, mkdtemp, rm, unlink, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {gitEnv} from '@site/test-support/git'
import {afterAll, describe, expect, it} from 'vitest'
import {GitHistory, lastCommitOfEachFile} from '../git-history'

const temporary: string[] = []
afterAll(async () => {
  for (const dir of temporary) await rm(dir, {recursive: true, force: true})
})

describe('lastCommitOfEachFile', () => {
  it('dates each file by its last commit when the content of a renamed file is missing from the repository', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'git-history-'))
    temporary.push(root)
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=Ana', '-c', 'user.email=ana@example.org', ...args], {cwd: root, encoding: 'utf8'}).trim()
    git('init', '-q')
    const text = Array.from({length: 30}, (_, index) => `Line ${index} of a note about rooms.`).join('\n')
    await writeFile(path.join(root, 'old.md'), `${text}\n`)
    await writeFile(path.join(root, 'kept.md'), 'Kept.\n')
    git('add', '.')
    git('commit', '-q', '-m', 'first', '--date', '2024-01-01T00:00:00Z')
    git('mv', 'old.md', 'new.md')
    await writeFile(path.join(root, 'new.md'), `${text}\nOne more line.\n`)
    git('add', '.')
    git('commit', '-q', '-m', 'rename', '--date', '2024-02-01T00:00:00Z')
    const renamed = git('rev-parse', 'HEAD')
    // The first content of the renamed file is gone, as in a mirror without some blobs.
    const blob = git('rev-parse', 'HEAD~1:old.md')
    await unlink(path.join(root, '.git', 'objects', blob.slice(0, 2), blob.slice(2)))
    const last = await lastCommitOfEachFile(root, '.')
    expect(last.get('new.md')?.commit).toBe(renamed)
    expect(last.get('kept.md')?.commit).toBe(git('rev-parse', 'HEAD~1'))
  })
})

describe('a copy read with the history of the folder it was copied from', () => {
  it('gives each file of the copy its original’s state: committed, uncommitted, never committed', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'git-history-original-'))
    const copy = await mkdtemp(path.join(tmpdir(), 'git-history-copy-'))
    temporary.push(root, copy)
    const git = (...args: string[]) => execFileSync('git', args, {cwd: root, encoding: 'utf8', env: gitEnv('2024-03-01T10:00:00Z')}).trim()
    git('init', '-q')
    const original = path.join(root, 'content')
    await mkdir(path.join(original, 'docs'), {recursive: true})
    for (const name of ['same.md', 'edited.md', 'dirty.md']) await writeFile(path.join(original, 'docs', name), `# ${name}\n`)
    await writeFile(path.join(root, 'outside.md'), 'Not content.\n')
    git('add', '.')
    git('commit', '-qm', 'first')
    const first = git('rev-parse', 'HEAD')
    // An uncommitted change of the original, copied as it is: the copy has it too.
    await writeFile(path.join(original, 'docs', 'dirty.md'), '# dirty.md, changed\n')
    await cp(original, copy, {recursive: true})
    await writeFile(path.join(copy, 'docs', 'edited.md'), '# edited.md, edited in the copy\n')
    await writeFile(path.join(copy, 'docs', 'new.md'), '# new.md\n')

    // Outside any work tree, the copy alone knows no history.
    expect(await GitHistory.open(copy)).toBeNull()
    const history = await GitHistory.open(copy, {historyOf: original})
    expect(history).not.toBeNull()
    const file = (name: string) => path.join(copy, 'docs', name)
    expect(await history!.state(file('same.md'))).toEqual({kind: 'committed', commit: first, date: '2024-03-01T10:00:00+00:00'})
    expect(await history!.state(file('edited.md'))).toEqual({kind: 'uncommitted'})
    expect(await history!.state(file('dirty.md'))).toEqual({kind: 'uncommitted'})
    expect(await history!.state(file('new.md'))).toEqual({kind: 'untracked'})
    expect(await history!.isChanged(file('same.md'))).toBe(false)
    expect(await history!.readAt(first, file('edited.md'))).toBe('# edited.md\n')
    expect(history!.gitPath(file('same.md'))).toBe('content/docs/same.md')
    // Dates are keyed by the copy's files, as for the folder itself.
    const dates = await history!.lastCommitDates(copy)
    expect([...dates.keys()].sort()).toEqual([file('dirty.md'), file('edited.md'), file('same.md')])
    expect(dates.get(file('same.md'))).toBe('2024-03-01T10:00:00+00:00')
  })
})
