import {describe, expect, it} from 'vitest'
import {previewBenchTable} from '../preview'

describe('previewBenchTable', () => {
  it('prints median, p95, min and max of each part, counting only the rounds where the part was seen', () => {
    const table = previewBenchTable({
      rounds: [
        {saved: 900, refreshRequested: 1000, shown: 1300},
        {saved: 700, refreshRequested: null, shown: 1100},
        {saved: null, refreshRequested: 1200, shown: 1700},
      ],
    })
    const lines = table.split('\n')
    expect(lines[0]).toMatch(/^Preview update .*Rounds\s+Median\s+p95\s+Min\s+Max$/)
    expect(lines[1]).toMatch(/^draft saved in the stand-in .*\s2\s+0\.70 s\s+0\.90 s\s+0\.70 s\s+0\.90 s$/)
    expect(lines[2]).toMatch(/^the frame asks .*\s2\s+1\.00 s\s+1\.20 s\s+1\.00 s\s+1\.20 s$/)
    expect(lines[3]).toMatch(/^the frame shows the new title .*\s3\s+1\.30 s\s+1\.70 s\s+1\.10 s\s+1\.70 s$/)
  })
})
