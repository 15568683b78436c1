// Blog authors from authors.yml as Docusaurus 3 reads them: pages, social links, a locale's own
// authors file, and what is wrong in them reported with file, line and author.
import {mkdir, mkdtemp, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterEach, describe, expect, it} from 'vitest'
import {DiagnosticLog, formatDiagnostic} from '../../diagnostics'
import {kebabCaseKey, loadAuthors, reportAuthorPageOptions} from '../authors'
import type {PostEntry} from '../entries'
import {AssetStore} from '../resolvers'

const folders: string[] = []

async function site(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'authors-'))
  folders.push(dir)
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), {recursive: true})
    await writeFile(path.join(dir, name), text)
  }
  return dir
}

afterEach(async () => {
  for (const dir of folders.splice(0)) await rm(dir, {recursive: true, force: true})
})

async function load(files: Record<string, string>, options: {mapPath?: string; translations?: Array<{locale: string; folder: string}>} = {}) {
  const dir = await site(files)
  const log = new DiagnosticLog()
  const authors = await loadAuthors(dir, {blogDir: 'blog', ...options}, new AssetStore(dir), log)
  const byKey = new Map(authors.documents.map((document) => [document.key as string, document]))
  return {authors, byKey, log, errors: log.errors.map(formatDiagnostic), warnings: log.warnings.map(formatDiagnostic)}
}

const post = (authors: unknown): PostEntry => ({file: {path: 'blog/2024-01-01-a.md'}, frontMatter: {data: {authors}, lineOf: () => 2}}) as unknown as PostEntry

describe('authors.yml', () => {
  it('gives `page: true` the key in kebab case and `page: {permalink}` its path, in file order', async () => {
    const {byKey, errors, warnings} = await load({
      'blog/authors.yml': [
        'JoelMarcey:',
        '  name: Joel',
        '  page: true',
        'ana:',
        '  name: Ana',
        '  page:',
        '    permalink: /team/ana/',
        'lucas:',
        '  name: Lucas',
        '  page: false',
        '',
      ].join('\n'),
    })
    expect(errors).toEqual([])
    expect(warnings).toEqual([])
    expect(byKey.get('JoelMarcey')).toMatchObject({page: true, permalink: 'joel-marcey', listed: true, position: 0})
    expect(byKey.get('ana')).toMatchObject({page: true, permalink: 'team/ana', position: 1})
    expect(byKey.get('lucas')).toMatchObject({page: false, position: 2})
    expect(byKey.get('lucas')?.permalink).toBeUndefined()
  })

  it('writes keys as lodash.kebabCase does (values checked against lodash 4.17.21)', () => {
    const expected: Record<string, string> = {
      ana: 'ana',
      JoelMarcey: 'joel-marcey',
      ana_okafor: 'ana-okafor',
      lucas2: 'lucas-2',
      HTMLParser: 'html-parser',
      josé: 'jose',
      Søren: 'soren',
      李雷: '李雷',
      'x.y': 'x-y',
    }
    for (const [key, permalink] of Object.entries(expected)) expect(kebabCaseKey(key), key).toBe(permalink)
  })

  it('reports a `page` of the wrong type, a bad permalink and a shared one with file, line and author key', async () => {
    const {byKey, errors} = await load({
      'blog/authors.yml': [
        'ana:',
        '  name: Ana',
        '  page: 42',
        'lucas:',
        '  name: Lucas',
        '  page: {permalink: team/page/2}',
        'mia:',
        '  name: Mia',
        '  page: {link: mia}',
        'joe:',
        '  name: Joe',
        '  page: true',
        'jo:',
        '  name: Jo',
        '  page: {permalink: joe}',
        '',
      ].join('\n'),
    })
    expect(errors).toEqual([
      'blog/authors.yml:3: ana.page: expected true, false or {permalink: "…"}, got number 42',
      'blog/authors.yml:6: lucas.page: permalink "team/page/2" is not a path under /blog/authors/ (path segments such as "ana" or "team/ana", not ending in page/<n>)',
      'blog/authors.yml:9: mia.page: expected true, false or {permalink: "…"}, got an object',
      "blog/authors.yml:15: jo.page: the page address /blog/authors/joe is already joe's: give one of them another permalink",
    ])
    // Authors that cannot be read are not made (the run writes nothing anyway, having errors).
    expect([...byKey.keys()]).toEqual(['joe', 'jo'])
  })

  it('reports fields of the wrong type and entries that are not objects', async () => {
    const {errors, warnings} = await load({
      'blog/authors.yml': ['ana:', '  name: Ana', '  title: 42', '  twitter: ana', 'lucas: Lucas Ferreira', ''].join('\n'),
    })
    expect(errors).toEqual([
      'blog/authors.yml:3: ana.title: expected text, got number 42',
      'blog/authors.yml:5: lucas: expected {name, title, url, image_url, page, socials}, got string "Lucas Ferreira"',
    ])
    expect(warnings).toEqual([
      'blog/authors.yml:4: ana.twitter: is not a field of Docusaurus authors (name, title, url, image_url, email, description, page, socials): not imported',
    ])
  })

  it('makes social handles addresses as Docusaurus does, keeps full addresses, and reports the rest', async () => {
    const {byKey, errors, warnings} = await load({
      'blog/authors.yml': [
        'ana:',
        '  name: Ana',
        '  socials:',
        '    GitHub: relay-ana',
        '    stackoverflow: 82609',
        '    mastodon: https://fosstodon.org/@ana',
        '    forum: ana',
        '',
      ].join('\n'),
    })
    expect(errors).toEqual([])
    expect(warnings).toEqual([
      'blog/authors.yml:3: ana.socials.forum: "ana" is a handle of a platform Docusaurus does not know, so it has no address: not imported (write the full https:// address)',
    ])
    expect(byKey.get('ana')?.socials).toEqual([
      {_key: 'social-0', _type: 'authorSocial', platform: 'github', url: 'https://github.com/relay-ana'},
      {_key: 'social-1', _type: 'authorSocial', platform: 'stackoverflow', url: 'https://stackoverflow.com/users/82609'},
      {_key: 'social-2', _type: 'authorSocial', platform: 'mastodon', url: 'https://fosstodon.org/@ana'},
    ])
    const bad = await load({
      'blog/authors.yml': ['ana:', '  name: Ana', '  socials:', '    github: code.example.org/ana', 'lucas:', '  name: Lucas', '  socials: [github]', ''].join(
        '\n',
      ),
    })
    expect(bad.errors).toEqual([
      'blog/authors.yml:3: ana.socials.github: "code.example.org/ana" is neither a handle nor a full http(s) address',
      'blog/authors.yml:7: lucas.socials: expected links by platform (github: handle, x: handle, …), got a list',
    ])
  })

  it('reads the file the blog option authorsMapPath names', async () => {
    const {byKey, errors} = await load({'blog/people.json': JSON.stringify({ana: {name: 'Ana', page: true}})}, {mapPath: 'people.json'})
    expect(errors).toEqual([])
    expect(byKey.get('ana')).toMatchObject({name: 'Ana', permalink: 'ana'})
  })

  it('lists no inline author of a post and gives them no page', async () => {
    const {authors, byKey, log} = await load({'blog/authors.yml': 'ana:\n  name: Ana\n'})
    expect(authors.idsFor(post(['ana', {name: 'Guest Writer', title: 'Guest', page: true}]))).toEqual(['author-ana', 'author-guest-writer'])
    expect(byKey.size).toBe(1)
    expect(authors.documents.find((document) => document.key === 'guest-writer')).toMatchObject({
      name: 'Guest Writer',
      title: 'Guest',
      listed: false,
      page: false,
    })
    expect(log.errors).toEqual([])
    expect(log.warnings.map(formatDiagnostic)).toEqual([
      'blog/2024-01-01-a.md:2: authors: Guest Writer: `page` is only read in blog/authors.yml (as in Docusaurus): no author page',
    ])
  })
})

describe('authors written in posts', () => {
  it('are never the author of the authors file with their name as key, and are one author only where written alike', async () => {
    // As in Docusaurus: the authors page counts only the posts that name the key; each post shows its author as written.
    const {authors, byKey, log} = await load({'blog/authors.yml': 'mia:\n  name: Mia Lund\n  page: true\n'})
    const ids = [
      authors.idsFor(post(['mia'])),
      authors.idsFor(post([{name: 'mia', url: 'https://code.example.org/mia'}])),
      authors.idsFor(post([{name: 'mia', url: 'https://code.example.org/mia'}])),
      authors.idsFor(post([{name: 'Mia', url: 'https://code.example.org/Mia'}])),
    ]
    expect(ids).toEqual([['author-mia'], ['author-mia-2'], ['author-mia-2'], ['author-mia-3']])
    expect(byKey.get('mia')).toMatchObject({name: 'Mia Lund', listed: true})
    expect(authors.documents.filter((document) => document.listed === false).map((document) => document.name)).toEqual(['mia', 'Mia'])
    expect(log.errors).toEqual([])
  })
})

describe('posts without authors', () => {
  it('imports a post with no authors, as Docusaurus builds it (no byline), without an error', async () => {
    const {authors, log} = await load({'blog/authors.yml': 'ana:\n  name: Ana\n'})
    expect(authors.idsFor(post(undefined))).toEqual([])
    expect(authors.idsFor(post([]))).toEqual([])
    expect(log.errors).toEqual([])
  })
})

describe('a locale’s own authors file', () => {
  it('gives the authors their translated name, role and description, and reports what cannot differ per locale', async () => {
    const {byKey, errors, warnings} = await load(
      {
        'blog/authors.yml': [
          'ana:',
          '  name: Ana',
          '  title: Maintainer',
          '  page: true',
          'lucas:',
          '  name: Lucas',
          '  title: Contributor',
          'mia:',
          '  name: Mia',
          '',
        ].join('\n'),
        'i18n/fr/docusaurus-plugin-content-blog/authors.yml': [
          'ana:',
          '  name: Ana',
          '  title: Mainteneuse',
          '  description: Conçoit le protocole.',
          '  page: {permalink: ana-fr}',
          'lucas:',
          '  name: Lucas',
          '  title: Contributeur',
          'guest:',
          '  name: Invité',
          '',
        ].join('\n'),
      },
      {translations: [{locale: 'fr', folder: 'fr'}]},
    )
    expect(errors).toEqual([])
    expect(byKey.get('ana')?.translations).toEqual([
      {_key: 'fr', _type: 'authorTranslation', language: 'fr', title: 'Mainteneuse', description: 'Conçoit le protocole.'},
    ])
    expect(byKey.get('ana')).toMatchObject({title: 'Maintainer', permalink: 'ana'})
    expect(byKey.get('lucas')?.translations).toEqual([{_key: 'fr', _type: 'authorTranslation', language: 'fr', title: 'Contributeur'}])
    expect(byKey.get('mia')?.translations).toBeUndefined()
    expect(byKey.has('guest')).toBe(false)
    expect(warnings).toEqual([
      "i18n/fr/docusaurus-plugin-content-blog/authors.yml:1: ana: page differs from blog/authors.yml: the site uses blog/authors.yml's in every locale",
      'i18n/fr/docusaurus-plugin-content-blog/authors.yml:9: guest: is not an author of blog/authors.yml: authors are the same in every locale here, so this one is not imported',
      "i18n/fr/docusaurus-plugin-content-blog/authors.yml: mia: is missing, so Docusaurus leaves this author out of the fr site; here they are in every locale (with blog/authors.yml's text)",
    ])
  })
})

describe('blog options of author pages', () => {
  it('reports another authorsBasePath or pageBasePath, which the site does not follow', () => {
    const log = new DiagnosticLog()
    reportAuthorPageOptions({authorsBasePath: 'authors', pageBasePath: 'page'}, 'docusaurus.config.js', log)
    expect(log.warnings).toEqual([])
    reportAuthorPageOptions({authorsBasePath: '/writers', pageBasePath: 'p'}, 'docusaurus.config.js', log)
    expect(log.warnings.map(formatDiagnostic)).toEqual([
      'docusaurus.config.js: blog.authorsBasePath: is "/writers": the site serves the authors page and author pages at /blog/authors/ (links to /blog/writers/… will not resolve)',
      'docusaurus.config.js: blog.pageBasePath: is "p": the site numbers further list pages (blog, tags, authors) as …/page/<n>',
    ])
  })
})
