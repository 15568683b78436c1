/** The pure decisions of the page's interactive leaves. */
import {describe, expect, it} from 'vitest'
import {codeText} from '../copy-buttons'
import {tabIndexFor} from '../tab-groups'

describe('page widgets', () => {
  it('copies the code as shown, without the newline that ends the block', () => {
    expect(codeText({innerText: 'io.on("connection", () => {})\n'})).toBe('io.on("connection", () => {})')
    expect(codeText({innerText: 'a\n\nb'})).toBe('a\n\nb')
    expect(codeText(null)).toBe('')
  })

  it('follows a group choice only in the tab sets that have that tab', () => {
    expect(tabIndexFor(['npm', 'yarn', 'pnpm'], 'yarn')).toBe(1)
    expect(tabIndexFor(['js', 'ts'], 'yarn')).toBe(-1)
    expect(tabIndexFor(['js', 'ts'], null)).toBe(-1)
  })
})
