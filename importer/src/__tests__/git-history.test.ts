// The last commit of each file, read from a clone that lacks some file contents (a partial or
// damaged mirror): names and dates need no file contents, so none is read.
import {execFileSync} from 'node:child_process'
import {mkdtemp, rm, unlink, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {lastCommitOfEachFile} from '../git-history'

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
