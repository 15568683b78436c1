/** The perspective draft mode shows, from the studio's cookie: drafts, published, or a Content Release's stack. */
import {describe, expect, it} from 'vitest'
import {previewPerspectiveOf} from '../preview-env'

describe('preview perspective', () => {
  it('reads the Presentation tool’s perspective: drafts by default, a release stack as a list, nothing unsafe', () => {
    expect(previewPerspectiveOf(undefined)).toBe('drafts')
    expect(previewPerspectiveOf('drafts')).toBe('drafts')
    expect(previewPerspectiveOf('published')).toBe('published')
    expect(previewPerspectiveOf('rLaunch5,drafts')).toEqual(['rLaunch5', 'drafts'])
    expect(previewPerspectiveOf('rA, rB ,drafts')).toEqual(['rA', 'rB', 'drafts'])
    // Raw would show every draft and version side by side: never from a cookie; odd values are dropped.
    expect(previewPerspectiveOf('raw')).toBe('drafts')
    expect(previewPerspectiveOf('rX,"]*[,drafts')).toEqual(['rX', 'drafts'])
  })
})
