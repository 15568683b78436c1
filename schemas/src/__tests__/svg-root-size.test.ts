// SVGs whose opening tag is too long for image-size to recognise (a diagram editor keeps its whole
// source in an attribute) are measured from their root element instead of stopping the build.
import {describe, expect, it} from 'vitest'
import {imageSize} from 'image-size'
import {svgRootSize} from '../image-measure'

const longRoot = (size: string) =>
  `<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" ${size} data-source="${'&lt;cell id=&quot;n&quot;/&gt;'.repeat(800)}"><rect width="4" height="4"/></svg>`

describe('svgRootSize', () => {
  it('reads width and height in px from a root tag image-size cannot read', () => {
    const text = longRoot('width="674px" height="736px" viewBox="-0.5 -0.5 674 736"')
    expect(() => imageSize(Buffer.from(text))).toThrow()
    expect(svgRootSize(text)).toEqual({width: 674, height: 736, type: 'svg'})
  })

  it('falls back to the viewBox when width or height is missing or relative', () => {
    expect(svgRootSize(longRoot("width='100%' viewBox='0 0 320.4 200'"))).toEqual({width: 320, height: 200, type: 'svg'})
  })

  it('gives null when the root element has no size at all, or there is no svg element', () => {
    expect(svgRootSize(longRoot('class="plain"'))).toBeNull()
    expect(svgRootSize('<html><body>not a drawing</body></html>')).toBeNull()
  })
})
