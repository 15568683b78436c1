/**
 * A rebuild never takes the site down: tools/run.sh build runs in a temporary copy of the project
 * whose web build and link check are stand-ins (scripts/src/faults/rebuild-project.ts), while
 * scripts/src/serve.ts serves web/out and is asked for the home page every few milliseconds.
 * Every answer must be the old site or the new one, never a 404.
 */
import {cpSync, readdirSync, readFileSync, rmSync} from 'node:fs'
import path from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {createRebuildProject, distinctAnswers, type RebuildProject} from '../faults/rebuild-project'

let project: RebuildProject

beforeAll(async () => {
  project = await createRebuildProject('first')
})

afterAll(async () => {
  await project?.close()
})

describe('tools/run.sh build while the site is served', () => {
  it('serves the old site until the new one is complete, then the new one: never a 404', async () => {
    const answers = await project.pollDuring(project.build({FAKE_SITE: 'second'}))
    expect(answers.length).toBeGreaterThan(10)
    expect(distinctAnswers(answers)).toEqual(['200 first', '200 second'])
    expect(readFileSync(path.join(project.dir, 'web/out/docs/5.html'), 'utf8')).toBe('second 5')
    // The new build and the one before it are kept; web/out is a link to the new one.
    expect(project.builds()).toHaveLength(2)
    expect(project.served()).toBe(`.builds/${project.builds()[1]}`)
  })

  it('keeps the old site when the build fails, and removes the failed build', async () => {
    const before = project.served()
    let result: {code: number; stderr: string} | undefined
    const answers = await project.pollDuring(project.build({FAKE_SITE: 'broken', FAKE_BUILD_FAILS: '1'}).then((outcome) => (result = outcome)))
    expect(result?.code).not.toBe(0)
    expect(result?.stderr).toContain('The build failed: web/out/ still holds the previous site')
    expect(new Set(answers)).toEqual(new Set(['200 second']))
    expect(project.served()).toBe(before)
    expect(project.builds()).toHaveLength(2)
  })

  it('keeps the old site when the new one has broken links', async () => {
    const before = project.served()
    const result = await project.build({FAKE_SITE: 'unlinked', FAKE_LINK_CHECK_EXIT: '1'})
    expect(result.code).not.toBe(0)
    expect(result.stderr).toContain('Broken links: web/out/ still holds the previous site')
    expect(project.served()).toBe(before)
    expect(await (await fetch(`${project.base}/`)).text()).toBe('second')
  })

  it('turns a web/out folder built by the web build alone into a link, without a moment of 404', async () => {
    rmSync(path.join(project.dir, 'web/out'))
    cpSync(path.join(project.dir, 'web/.builds', project.builds()[1]!), path.join(project.dir, 'web/out'), {recursive: true})
    const answers = await project.pollDuring(project.build({FAKE_SITE: 'third'}))
    expect(answers.filter((answer) => !answer.startsWith('200 '))).toEqual([])
    expect(await (await fetch(`${project.base}/`)).text()).toBe('third')
    expect(readdirSync(path.join(project.dir, 'web')).filter((name) => name.startsWith('.out-next'))).toEqual([])
  })
})
