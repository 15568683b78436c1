// The studio's commands that serve it for editors say which variable to set when no project is set; the offline ones stay quiet.
import {describe, expect, it} from 'vitest'
import {missingProjectWarning} from '../cli-notice'
import {MISSING_PROJECT_MESSAGE} from '../env'

describe('missingProjectWarning (printed by sanity.cli.ts)', () => {
  it('names SANITY_STUDIO_PROJECT_ID for sanity dev, start, preview and deploy', () => {
    for (const command of ['dev', 'start', 'preview', 'deploy']) {
      const warning = missingProjectWarning([command, '--port', '3333'], {}, false)
      expect(warning).toBe(`› ${MISSING_PROJECT_MESSAGE}\n`)
      expect(warning).toContain('SANITY_STUDIO_PROJECT_ID')
    }
  })

  it('colours the line on a terminal only, and not with NO_COLOR', () => {
    /* eslint-disable no-control-regex -- the escape character is what an ANSI colour starts with */
    expect(missingProjectWarning(['dev'], {}, true)).toMatch(/^\u001b\[33m› .*\u001b\[0m\n$/)
    expect(missingProjectWarning(['dev'], {}, false)).not.toMatch(/\u001b\[/)
    expect(missingProjectWarning(['dev'], {NO_COLOR: '1'}, true)).not.toMatch(/\u001b\[/)
    /* eslint-enable no-control-regex */
  })

  it('stays quiet for the offline commands and when the project is set', () => {
    for (const command of ['build', 'schema', 'typegen', 'exec']) expect(missingProjectWarning([command], {}, false)).toBeNull()
    expect(missingProjectWarning([], {}, false)).toBeNull()
    expect(missingProjectWarning(['dev'], {SANITY_STUDIO_PROJECT_ID: 'abc123de'}, false)).toBeNull()
  })
})
