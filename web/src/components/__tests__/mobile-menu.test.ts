// The focus trap of the mobile menu: Tab wraps from the last element to the first, Shift+Tab the other way.
import {describe, expect, it} from 'vitest'
import {trapTarget} from '../mobile-menu'

describe('trapTarget', () => {
  const items = ['brand', 'close', 'docs', 'theme']
  it('wraps at both ends and leaves the middle to the browser', () => {
    expect(trapTarget(items, 'theme', false)).toBe('brand')
    expect(trapTarget(items, 'brand', true)).toBe('theme')
    expect(trapTarget(items, 'close', false)).toBeNull()
    expect(trapTarget(items, 'docs', true)).toBeNull()
  })

  it('brings focus back inside when it is elsewhere, and does nothing without focusable elements', () => {
    expect(trapTarget(items, null, false)).toBe('brand')
    expect(trapTarget(items, null, true)).toBe('theme')
    expect(trapTarget([], null, false)).toBeNull()
  })
})
