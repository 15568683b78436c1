// Table of contents extraction: level range, nesting, anchors shared with the rendered headings.
import {describe, expect, it} from 'vitest'
import {bodyHeadings} from '../prepare'
import type {RichBody} from '../types'
import {buildToc} from '../toc'

const h = (key: string, style: 'h2' | 'h3' | 'h4', text: string) => ({
  _type: 'block' as const,
  _key: key,
  style,
  markDefs: [],
  children: [{_type: 'span' as const, _key: `${key}s`, text, marks: []}],
})

const body: RichBody = [
  h('a', 'h2', 'Joining'),
  h('b', 'h3', 'From the server'),
  h('c', 'h4', 'Deep detail'),
  h('d', 'h3', 'From the client'),
  {_type: 'heading', _key: 'e', level: 2, text: 'Leaving `rooms`', anchor: 'leave'},
  h('f', 'h2', 'Joining'),
]

describe('buildToc', () => {
  const headings = bodyHeadings(body)

  it('keeps h2–h3 by default, nested under their h2', () => {
    expect(buildToc(headings)).toEqual([
      {
        anchor: 'joining',
        text: 'Joining',
        children: [
          {anchor: 'from-the-server', text: 'From the server', children: []},
          {anchor: 'from-the-client', text: 'From the client', children: []},
        ],
      },
      {anchor: 'leave', text: 'Leaving rooms', children: []},
      {anchor: 'joining-1', text: 'Joining', children: []},
    ])
  })

  it('honours a document’s own level range', () => {
    const deep = buildToc(headings, 2, 4)
    expect(deep[0]?.children[0]?.children).toEqual([{anchor: 'deep-detail', text: 'Deep detail', children: []}])
    expect(buildToc(headings, 3, 3).map((entry) => entry.anchor)).toEqual(['from-the-server', 'from-the-client'])
  })

  it('starts a new top level when a deeper heading has no parent in range', () => {
    expect(buildToc(bodyHeadings([h('x', 'h3', 'Orphan'), h('y', 'h2', 'Parent')]))).toEqual([
      {anchor: 'orphan', text: 'Orphan', children: []},
      {anchor: 'parent', text: 'Parent', children: []},
    ])
  })
})
