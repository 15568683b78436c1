/**
 * The blog's predefined tags (Docusaurus 3.5+): the YAML file named by the blog's `tags` option,
 * `tags.yml` in the blog folder by default, with each tag's label, permalink and description by key.
 * Posts name them by key; the content model stores a post's tags as labels, and the site gives each
 * tag the address of its label, so a permalink of another shape and the descriptions are named in
 * warnings.
 */
import {tagPermalink} from '@site/schemas/model'
import type {DiagnosticLog} from '../diagnostics'
import {isRecord} from '../front-matter'
import {readDataFile} from '../read-sources'

export interface BlogTagDefinition {
  label: string
  permalink: string
  description?: string
}

/** The tags of the tags file by key; empty when the site has none (or `tags: false`). */
export async function loadBlogTags(contentDir: string, blogDir: string, blogOptions: Record<string, unknown>, log: DiagnosticLog): Promise<Map<string, BlogTagDefinition>> {
  const tags = new Map<string, BlogTagDefinition>()
  const option = blogOptions.tags
  if (option === false || option === null) return tags
  const file = `${blogDir}/${typeof option === 'string' ? option.replace(/^\.\//, '') : 'tags.yml'}`
  let raw: unknown
  try {
    raw = await readDataFile(contentDir, file)
  } catch (error) {
    log.error({file, message: error instanceof Error ? error.message : String(error)})
    return tags
  }
  if (raw === null) {
    if (typeof option === 'string') log.error({file, message: 'not found: the config names it as the blog tags file (blog.tags)'})
    return tags
  }
  if (!isRecord(raw)) {
    log.error({file, message: 'expected tags by key: `key: {label, permalink, description}`'})
    return tags
  }
  const movedPermalinks: string[] = []
  let descriptions = 0
  for (const [key, value] of Object.entries(raw)) {
    const own = isRecord(value) ? value : {}
    if (value !== null && !isRecord(value)) {
      log.error({file, field: key, message: 'expected {label, permalink, description} or nothing'})
      continue
    }
    // Docusaurus's defaults: the key as label, the key's words as permalink.
    const label = typeof own.label === 'string' && own.label ? own.label : key
    const permalink = typeof own.permalink === 'string' && own.permalink ? own.permalink.replace(/^\/+|\/+$/g, '') : tagPermalink(key)
    const description = typeof own.description === 'string' && own.description ? own.description : undefined
    tags.set(key, {label, permalink, ...(description ? {description} : {})})
    if (permalink !== tagPermalink(label)) movedPermalinks.push(`${key} (/blog/tags/${permalink} → /blog/tags/${tagPermalink(label)})`)
    if (description) descriptions += 1
  }
  if (movedPermalinks.length > 0) {
    log.warn({file, field: 'permalink', message: `the site gives a tag the address of its label, so ${movedPermalinks.length === 1 ? 'this tag page moves' : 'these tag pages move'}: ${movedPermalinks.join(', ')}`})
  }
  if (descriptions > 0) {
    log.warn({file, field: 'description', message: `${descriptions} tag ${descriptions === 1 ? 'description is' : 'descriptions are'} not imported: the content model has no tag document, and tag pages show the tag's label only`})
  }
  return tags
}
