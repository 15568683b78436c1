/**
 * The blog's predefined tags (Docusaurus 3.5+): the YAML file named by the blog's `tags` option,
 * `tags.yml` in the blog folder by default, with each tag's label, permalink and description by key.
 * Posts name them by key; the content model stores a post's tags as labels, and the site settings
 * keep each defined tag's address and description (blog.tags), which the tag pages use.
 */
import {TAG_PERMALINK, tagPermalink} from '@site/schemas/model'
import type {DiagnosticLog} from '../diagnostics'
import {isRecord} from '../front-matter'
import {readDataFile} from '../read-sources'

export interface BlogTagDefinition {
  label: string
  permalink: string
  description?: string
  /** The description in other locales, from their own tags file (i18n/<locale>/docusaurus-plugin-content-blog/), as Docusaurus reads it. */
  translations?: ReadonlyMap<string, string>
}

/** A locale's own folder of blog translations, where Docusaurus looks for its tags file first. */
export interface LocalizedBlogDir {
  locale: string
  dir: string
}

/** Which plugin's tags file is read: its option's name and its tag pages' address, for messages. */
export interface TagsFileOwner {
  /** The option that names the file: blog.tags, docs.tags. */
  option: string
  /** Where its tag pages are: /blog/tags, /docs/tags. */
  tagsRoute: string
  /** Whether a file the option names must exist in this folder (a version of the docs may have none). */
  required: boolean
}

const BLOG_OWNER: TagsFileOwner = {option: 'blog.tags', tagsRoute: '/blog/tags', required: true}

/** The tags of the tags file by key; empty when the site has none (or `tags: false`). */
export async function loadBlogTags(
  contentDir: string,
  blogDir: string,
  blogOptions: Record<string, unknown>,
  log: DiagnosticLog,
  localized: readonly LocalizedBlogDir[] = [],
  owner: TagsFileOwner = BLOG_OWNER,
): Promise<Map<string, BlogTagDefinition>> {
  const tags = new Map<string, BlogTagDefinition>()
  const option = blogOptions.tags
  if (option === false || option === null) return tags
  const file = `${blogDir}/${typeof option === 'string' ? option.replace(/^\.\//, '') : 'tags.yml'}`
  const raw = await readTagsFile(contentDir, file, log)
  if (raw === null && typeof option === 'string' && owner.required)
    log.error({file, message: `not found: the config names it as the tags file (${owner.option})`})
  if (!raw) return tags
  for (const [key, value] of Object.entries(raw)) {
    const own = isRecord(value) ? value : {}
    if (value !== null && !isRecord(value)) {
      log.error({file, field: key, message: 'expected {label, permalink, description} or nothing'})
      continue
    }
    // Docusaurus's defaults: the key capitalized as label (its first letter upper case, the others
    // lower case: "monthly-update" is shown as "Monthly-update"), the key's words as permalink.
    const label = typeof own.label === 'string' && own.label ? own.label : capitalizeKey(key)
    let permalink = typeof own.permalink === 'string' && own.permalink ? own.permalink.replace(/^\/+|\/+$/g, '') : tagPermalink(key)
    if (!TAG_PERMALINK.test(permalink)) {
      log.warn({
        file,
        field: `${key}.permalink`,
        message: `"${String(own.permalink)}" is not one URL segment (letters, digits, "-", "_", "."): the tag's page is ${owner.tagsRoute}/${tagPermalink(label)}, the address of its label`,
      })
      permalink = tagPermalink(label)
    }
    const description = typeof own.description === 'string' && own.description ? own.description : undefined
    tags.set(key, {label, permalink, ...(description ? {description} : {})})
  }
  await addTranslatedDescriptions(contentDir, typeof option === 'string' ? option.replace(/^\.\//, '') : 'tags.yml', tags, localized, log)
  return tags
}

/** A tags file's tags by key; null when there is no such file, undefined when it cannot be read as tags (said in an error naming it). */
async function readTagsFile(contentDir: string, file: string, log: DiagnosticLog): Promise<Record<string, unknown> | null | undefined> {
  let raw: unknown
  try {
    raw = await readDataFile(contentDir, file)
  } catch (error) {
    log.error({file, message: error instanceof Error ? error.message : String(error)})
    return undefined
  }
  if (raw === null) return null
  if (!isRecord(raw)) {
    log.error({file, message: 'expected tags by key: `key: {label, permalink, description}`'})
    return undefined
  }
  return raw
}

/**
 * The descriptions of a locale's own tags file: Docusaurus reads the tags file of the locale's blog
 * folder when there is one. Its labels and addresses are the default locale's in the content model
 * (posts store labels), so a different one is named in a warning.
 */
async function addTranslatedDescriptions(
  contentDir: string,
  name: string,
  tags: Map<string, BlogTagDefinition>,
  localized: readonly LocalizedBlogDir[],
  log: DiagnosticLog,
): Promise<void> {
  for (const {locale, dir} of localized) {
    const file = `${dir}/${name}`
    const raw = await readTagsFile(contentDir, file, log)
    if (!raw) continue
    for (const [key, value] of Object.entries(raw)) {
      const tag = tags.get(key)
      if (!tag) {
        log.warn({file, field: key, message: `is not a tag of the default locale's tags file: not imported (posts name tags by the default locale's keys)`})
        continue
      }
      if (!isRecord(value)) continue
      if (typeof value.description === 'string' && value.description) tag.translations = new Map([...(tag.translations ?? []), [locale, value.description]])
      if (typeof value.label === 'string' && value.label && value.label !== tag.label) {
        log.warn({
          file,
          field: `${key}.label`,
          message: `"${value.label}" is not imported: a tag's label is the same in every locale in the content model ("${tag.label}")`,
        })
      }
    }
  }
}

/** The tags of the tags file as the site settings hold them (blog.tags): label, address and description in the default locale. */
export function tagDefinitionsForSettings(tags: ReadonlyMap<string, BlogTagDefinition>, defaultLocale: string): Array<Record<string, unknown>> {
  return [...tags.entries()].map(([key, tag]) => ({
    _key: key.replace(/[^A-Za-z0-9_-]/g, '_') || 'tag',
    _type: 'blogTagDefinition',
    label: tag.label,
    permalink: tag.permalink,
    ...(tag.description || tag.translations?.size
      ? {
          description: [
            ...(tag.description ? [{_key: defaultLocale, _type: 'localeTextValue', language: defaultLocale, value: tag.description}] : []),
            ...[...(tag.translations ?? [])].map(([locale, value]) => ({_key: locale, _type: 'localeTextValue', language: locale, value})),
          ],
        }
      : {}),
  }))
}

/** A tag's key as the label Docusaurus gives a tag of a tags file without one: first letter upper case, the rest lower case. */
export function capitalizeKey(key: string): string {
  const [first = '', ...rest] = [...key]
  return first.toUpperCase() + rest.join('').toLowerCase()
}
