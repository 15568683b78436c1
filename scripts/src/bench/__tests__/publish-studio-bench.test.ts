import {describe, expect, it} from 'vitest'
import {parseBenchOptions} from '../options'
import {publishStudioBenchTable} from '../publish-studio'

describe('publish-studio bench', () => {
  it('is asked for with --only publish-studio', () => {
    expect(parseBenchOptions(['--only', 'publish-studio', '--runs', '3'])).toMatchObject({publishStudioOnly: true, publishOnly: false, runs: 3})
  })

  it('prints median, p95, min and max of each part, counting only the rounds where the part was seen', () => {
    const lines = publishStudioBenchTable({
      rounds: [
        {webhook: 300, live: 5000, shown: 5600},
        {webhook: null, live: 7000, shown: 7400},
        {webhook: 500, live: null, shown: 6000},
      ],
    }).split('\n')
    expect(lines[0]).toMatch(/^Publish in the studio .*Rounds\s+Median\s+p95\s+Min\s+Max$/)
    expect(lines[1]).toMatch(/^the webhook delivered .*\s2\s+0\.30 s\s+0\.50 s\s+0\.30 s\s+0\.50 s$/)
    expect(lines[2]).toMatch(/^the publish live .*\s2\s+5\.00 s\s+7\.00 s\s+5\.00 s\s+7\.00 s$/)
    expect(lines[3]).toMatch(/^"Live" shown in the studio .*\s3\s+6\.00 s\s+7\.40 s\s+5\.60 s\s+7\.40 s$/)
  })
})
