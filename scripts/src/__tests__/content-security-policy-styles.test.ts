// The page policy of an export whose pages carry a theme: its <style> by hash, font services by origin.
import {describe, expect, it} from 'vitest'
import {NO_NEEDS, pagePolicy, parsePagePolicyNeeds} from '../security/content-security-policy'

const HASH = "'sha256-Qm9ndXMgaGFzaCBmb3IgYSB0ZXN0IG9mIHRoZSBwb2xpY3k='"

describe('the page policy of a site with a theme', () => {
  it('allows the theme’s <style> by its hash, a font service’s stylesheet and its fonts, and keeps style attributes allowed', () => {
    const header = pagePolicy({...NO_NEEDS, styleHashes: [HASH], styleSrc: ['https://fonts.googleapis.com'], fontSrc: ['https://fonts.gstatic.com']})
    expect(header).toContain(`style-src-elem 'self' ${HASH} https://fonts.googleapis.com;`)
    expect(header).toContain("font-src 'self' https://fonts.gstatic.com")
    // A hash in style-src would cancel its 'unsafe-inline' (style attributes of highlighted code): it stays out of it.
    expect(header).toContain("style-src 'self' 'unsafe-inline';")
  })

  it('is the policy it was for an export without a theme', () => {
    const header = pagePolicy(NO_NEEDS)
    expect(header).toContain("style-src-elem 'self';")
    expect(header).not.toContain('font-src')
  })

  it('reads the style needs from the export, refusing what is not a hash or an http(s) origin', () => {
    const base = {scriptHashes: [], connectSrc: [], imgSrc: [], frameSrc: []}
    expect(parsePagePolicyNeeds(JSON.stringify({...base, styleHashes: [HASH], fontSrc: ['https://fonts.gstatic.com']}), 'x.json')).toMatchObject({
      styleHashes: [HASH],
      styleSrc: [],
      fontSrc: ['https://fonts.gstatic.com'],
    })
    expect(() => parsePagePolicyNeeds(JSON.stringify({...base, styleHashes: ["'unsafe-inline'"]}), 'x.json')).toThrow(/styleHashes holds "'unsafe-inline'"/)
    expect(() => parsePagePolicyNeeds(JSON.stringify({...base, fontSrc: ['*']}), 'x.json')).toThrow(/fontSrc holds "\*"/)
    // data: images (a theme's icons drawn in CSS) are allowed as images only.
    expect(parsePagePolicyNeeds(JSON.stringify({...base, imgSrc: ['data:']}), 'x.json').imgSrc).toEqual(['data:'])
    expect(() => parsePagePolicyNeeds(JSON.stringify({...base, connectSrc: ['data:']}), 'x.json')).toThrow(/connectSrc holds "data:"/)
  })
})
