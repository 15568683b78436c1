// What the blog's and the docs' tag pages share: every tag by letter, and a tag page's header.
import {pickLabel, type SiteContext} from '../site/context'
import {UnlistedBanner} from './unlisted-banner'

interface TagLink {
  key: string
  label: string
  href: string
  count: number
}

/**
 * The heading of a page listing every tag, and the tags with their counts (`count`) linking to their
 * pages (`href`): the blog's tags page and each docs version's.
 */
export function AllTags<Tag extends {permalink: string; label: string}>({
  context,
  tags,
  href,
  count,
}: {
  context: SiteContext
  tags: readonly Tag[]
  href: (tag: Tag) => string
  count: (tag: Tag) => number
}) {
  return (
    <>
      <h1>{context.t('blog.allTags')}</h1>
      <TagsByLetter context={context} tags={tags.map((tag) => ({key: tag.permalink, label: tag.label, href: href(tag), count: count(tag)}))} />
    </>
  )
}

/** The top of one tag's page: the unlisted banner when it is unlisted, its title, description, and a link to every tag. */
export function TagHeader({
  context,
  tag,
  title,
  allTagsHref,
}: {
  context: SiteContext
  tag: {unlisted?: boolean; description?: Parameters<typeof pickLabel>[0]}
  title: string
  allTagsHref: string
}) {
  const description = pickLabel(tag.description, context)
  return (
    <>
      {tag.unlisted ? <UnlistedBanner context={context} /> : null}
      <header className="tag-header">
        <h1>{title}</h1>
        {description ? <p className="tag-description">{description}</p> : null}
        <a href={allTagsHref}>{context.t('blog.viewAllTags')}</a>
      </header>
    </>
  )
}

/** Every tag with its count, under the first letter of its label, as Docusaurus's tags pages show them. */
function TagsByLetter({context, tags}: {context: SiteContext; tags: readonly TagLink[]}) {
  const groups = new Map<string, TagLink[]>()
  for (const tag of tags) {
    const letter = tag.label.charAt(0).toLocaleUpperCase(context.localeInfo.htmlLang)
    groups.set(letter, [...(groups.get(letter) ?? []), tag])
  }
  return (
    <>
      {[...groups].map(([letter, entries]) => (
        <section key={letter} className="tags-letter">
          <h2 id={letter}>{letter}</h2>
          <ul className="tag-list">
            {entries.map((tag) => (
              <li key={tag.key}>
                <a className="tag" href={tag.href}>
                  {tag.label} <span className="tag-count">{tag.count}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  )
}
