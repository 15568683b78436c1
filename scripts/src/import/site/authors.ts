/** Blog authors: blog/authors.yml and inline author objects of posts → author documents. */
import {documentId} from '@site/schemas/model'
import type {DiagnosticLog} from '../diagnostics'
import {isRecord} from '../front-matter'
import {readDataFile} from '../read-sources'
import type {SanityDocument} from './documents'
import type {PostEntry} from './entries'
import type {AssetStore} from './resolvers'


export interface Authors {
  documents: SanityDocument[]
  /** Author document ids of a post, in front matter order; unknown keys are reported as errors. */
  idsFor(entry: PostEntry): string[]
}

export async function loadAuthors(contentDir: string, blogDir: string, assets: AssetStore, log: DiagnosticLog): Promise<Authors> {
  const AUTHORS_FILE = `${blogDir}/authors.yml`
  let data: unknown = null
  try {
    data = await readDataFile(contentDir, AUTHORS_FILE)
  } catch (error) {
    log.error({file: AUTHORS_FILE, message: error instanceof Error ? error.message : String(error)})
  }
  const documents = new Map<string, SanityDocument>()
  const add = (key: string, value: Record<string, unknown>, file: string) => {
    const id = documentId('author', key)
    if (documents.has(id)) return id
    const name = typeof value.name === 'string' ? value.name : key
    const imageUrl = typeof value.image_url === 'string' ? value.image_url : typeof value.imageURL === 'string' ? value.imageURL : undefined
    const image = imageUrl ? assets.image(imageUrl, file) : undefined
    if (image && 'problem' in image) log.warn({file, field: `${key}.image_url`, message: image.problem})
    documents.set(id, {
      _id: id,
      _type: 'author',
      key,
      name,
      ...(typeof value.title === 'string' ? {title: value.title} : {}),
      ...(typeof value.url === 'string' ? {url: value.url} : {}),
      ...(image && 'url' in image ? {imageUrl: image.url} : image && !('problem' in image) ? {image} : {}),
    })
    return id
  }
  const known = new Set<string>()
  if (data !== null) {
    if (!isRecord(data)) log.error({file: AUTHORS_FILE, message: 'expected authors by key: `key: {name, title, url, image_url}`'})
    else {
      for (const [key, value] of Object.entries(data)) {
        if (!isRecord(value)) {
          log.error({file: AUTHORS_FILE, field: key, message: 'expected {name, title, url, image_url}'})
          continue
        }
        add(key, value, AUTHORS_FILE)
        known.add(key)
      }
    }
  }
  const cache = new Map<PostEntry, string[]>()
  return {
    get documents() {
      return [...documents.values()]
    },
    idsFor(entry) {
      const cached = cache.get(entry)
      if (cached) return cached
      const raw = entry.frontMatter.data.authors
      const line = entry.frontMatter.lineOf('authors')
      const list = raw === undefined || raw === null ? [] : Array.isArray(raw) ? raw : [raw]
      const ids: string[] = []
      for (const author of list) {
        if (typeof author === 'string') {
          if (known.has(author)) ids.push(documentId('author', author))
          else log.error({file: entry.file.path, line, field: 'authors', message: `"${author}" is not a key of ${AUTHORS_FILE}`})
        } else if (isRecord(author) && typeof author.name === 'string') {
          const key = author.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')
          ids.push(add(key, author, entry.file.path))
        }
      }
      if (ids.length === 0 && list.length === 0) {
        log.error({file: entry.file.path, line, field: 'authors', message: `a post needs at least one author (a key of ${AUTHORS_FILE})`})
      }
      cache.set(entry, ids)
      return ids
    },
  }
}
