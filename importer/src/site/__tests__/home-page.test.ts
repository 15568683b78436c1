// A rendered React home page read into the home page's sections: nothing it says is lost.
import {describe, expect, it} from 'vitest'
import {homeSectionsFromBody} from '../home-page'

let key = 0
const span = (text: string, marks: string[] = []) => ({_type: 'span', text, marks})
const heading = (text: string, level = 3) => ({_type: 'block', style: `h${level}`, markDefs: [], children: [span(text)]})
const paragraph = (text: string) => ({_type: 'block', style: 'normal', markDefs: [], children: [span(text)]})
const links = (...items: Array<[string, string]>) => {
  const markDefs = items.map(([, href]) => ({_key: `l${++key}`, _type: 'link', href}))
  return {_type: 'block', style: 'normal', markDefs, children: items.flatMap(([label], index) => [span(label, [markDefs[index]!._key]), span(' ')])}
}
const item = (text: string) => ({_type: 'block', style: 'normal', listItem: 'bullet', level: 1, markDefs: [], children: [span(text)]})
const image = (alt: string, extra: Record<string, unknown> = {}) => ({
  _type: 'themedImage',
  alt,
  light: {_type: 'image', asset: {_ref: `image-${alt}`}},
  ...extra,
})
const code = (text: string) => ({_type: 'codeBlock', code: text, language: 'js'})

describe('homeSectionsFromBody', () => {
  it('reads a hero, features with their icons, text sections, code and sponsors, in the order of the page', () => {
    const blocks = [
      image('Logo'),
      heading('Relay', 1),
      paragraph('Messages in order, on time'),
      links(['Get started', '/docs/intro'], ['Documentation', '/docs/']),
      image('icon one'),
      heading('Fast'),
      paragraph('Low overhead.'),
      image('icon two'),
      heading('Reliable'),
      paragraph('Falls back and reconnects.'),
      paragraph('Relay 1.5 is out.'),
      heading('Basic example', 2),
      image('Server window'),
      links(['Replit', 'https://replit.example/x'], ['StackBlitz', 'https://stackblitz.example/x']),
      heading('Latest blog posts', 2),
      item('August 22, 2025 - Engine'),
      item('July 25, 2024 - Provenance'),
      paragraph('Blog feed: RSS / atom'),
      heading('Install', 2),
      code('npm install relay'),
      heading('Our sponsors', 2),
      image('Acme', {href: 'https://acme.example/'}),
      {_type: 'themedImage', alt: 'Globex', lightUrl: 'https://images.example/globex.png', href: 'https://globex.example/'},
      links(['Become a sponsor', 'https://fund.example/relay']),
    ]
    const {sections, leftOut} = homeSectionsFromBody(blocks)
    expect(leftOut).toBe(3)
    expect(sections).toEqual([
      {
        _type: 'homeHero',
        title: 'Relay',
        tagline: 'Messages in order, on time',
        actions: [
          {_type: 'callToAction', label: 'Get started', href: '/docs/intro'},
          {_type: 'callToAction', label: 'Documentation', href: '/docs/'},
        ],
      },
      {
        _type: 'homeFeatures',
        items: [
          {_type: 'feature', title: 'Fast', text: 'Low overhead.'},
          {_type: 'feature', title: 'Reliable', text: 'Falls back and reconnects.'},
        ],
      },
      {_type: 'homeText', body: [blocks[10]]},
      {_type: 'homeText', title: 'Basic example', body: [blocks[12], blocks[13]]},
      {_type: 'homeText', title: 'Latest blog posts', body: [blocks[15], blocks[16], blocks[17]]},
      {_type: 'homeCode', title: 'Install', examples: [blocks[19]]},
      {
        _type: 'homeSponsors',
        title: 'Our sponsors',
        sponsors: [
          {_type: 'sponsor', name: 'Acme', url: 'https://acme.example/', logo: {_type: 'image', asset: {_ref: 'image-Acme'}}},
          {_type: 'sponsor', name: 'Globex', url: 'https://globex.example/', logoUrl: 'https://images.example/globex.png'},
        ],
        cta: {label: 'Become a sponsor', href: 'https://fund.example/relay'},
      },
    ])
  })

  it('keeps a lone heading over a paragraph as text, not as a one-item feature list, and the image before it', () => {
    const {sections, leftOut} = homeSectionsFromBody([
      heading('Relay', 1),
      heading('Install', 2),
      code('npm i relay'),
      image('Diagram'),
      heading('Why', 2),
      paragraph('Because order matters.'),
    ])
    expect(sections.slice(1)).toEqual([
      {_type: 'homeText', title: 'Install', body: [code('npm i relay'), image('Diagram')]},
      {_type: 'homeText', title: 'Why', body: [paragraph('Because order matters.')]},
    ])
    expect(leftOut).toBe(0)
  })

  it('keeps the rank of a section whose heading is an h3 (a part of the section above), code and text alike', () => {
    const {sections} = homeSectionsFromBody([
      heading('Relay', 1),
      heading('Persist and query', 2),
      code('await rooms.save()'),
      heading('Data modeling', 3),
      paragraph('Define your models.'),
      code('define(room)'),
      heading('Setup', 4),
      code('relay init'),
    ])
    expect(sections.slice(1)).toEqual([
      {_type: 'homeCode', title: 'Persist and query', examples: [code('await rooms.save()')]},
      {_type: 'homeText', title: 'Data modeling', titleLevel: 3, body: [paragraph('Define your models.'), code('define(room)')]},
      {_type: 'homeCode', title: 'Setup', titleLevel: 3, examples: [code('relay init')]},
    ])
  })

  it('gives nothing for a page without a heading, and counts what it could not place', () => {
    expect(homeSectionsFromBody([paragraph('Hello'), image('x')])).toEqual({sections: [], leftOut: 2})
  })
})
