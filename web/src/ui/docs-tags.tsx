// The docs' tag pages of a version: every tag with its number of docs (/docs/<version>/tags), and one tag's docs (/docs/<version>/tags/<tag>).
import {tagAddress} from '@site/schemas/model'
import {routeUrl} from '@site/schemas/routing'
import type {SiteContext, VersionInfo} from '../site/context'
import {docHref} from '../site/docs'
import type {DocsTag} from '../site/docs-tags'
import {AllTags, TagHeader} from './tags'

export function DocsTagsPage({context, version, tags}: {context: SiteContext; version: VersionInfo; tags: readonly DocsTag[]}) {
  const {locale} = context
  return (
    <main className="container tags-page">
      <AllTags
        context={context}
        tags={tags}
        href={(tag) => routeUrl(context.routing, {kind: 'docsTag', locale, version: version.path, tag: tag.permalink})}
        count={(tag) => tag.docs.length}
      />
    </main>
  )
}

/** One tag's docs, by title, each with its description, and a link to every tag of the version. */
export function DocsTagPage({context, version, tag}: {context: SiteContext; version: VersionInfo; tag: DocsTag}) {
  const {locale} = context
  return (
    <main className="container tags-page docs-tag-page">
      <TagHeader
        context={context}
        tag={tag}
        title={context.plural('doc.taggedDocs', tag.docs.length, {tag: tag.label})}
        allTagsHref={routeUrl(context.routing, {kind: 'docsTags', locale, version: version.path})}
      />
      {/* A section of articles, not a list: each doc is a titled entry with its description (as Docusaurus lays it out). */}
      <section className="tagged-docs">
        {tag.docs.map((doc) => (
          <article key={doc.slug}>
            <h2>
              <a href={docHref(context, version, doc.slug)}>{doc.title}</a>
            </h2>
            {doc.description ? <p>{doc.description}</p> : null}
          </article>
        ))}
      </section>
    </main>
  )
}

/** A doc's tags under its text, each linking to its page, as Docusaurus's doc footer shows them. */
export function DocTagLine({context, version, labels}: {context: SiteContext; version: VersionInfo; labels: readonly string[]}) {
  const {t, locale} = context
  if (labels.length === 0) return null
  return (
    <div className="post-tags doc-tags">
      {t('blog.tags')}{' '}
      {labels.map((label) => {
        const address = tagAddress(label, context.settings.docsTags)
        // A label without letters or digits has no address, hence no page (docs-tags.ts leaves it out).
        return address ? (
          <a key={label} className="tag" href={routeUrl(context.routing, {kind: 'docsTag', locale, version: version.path, tag: address})}>
            {label}
          </a>
        ) : (
          <span key={label} className="tag">
            {label}
          </span>
        )
      })}
    </div>
  )
}
