// Tag lists shared by the blog's and the docs' tag pages and by the docs' own tag line.
import type {SiteContext} from '../site/context'

export interface TagLink {
  key: string
  label: string
  href: string
  count: number
}

/** Every tag with its count, under the first letter of its label, as Docusaurus's tags pages show them. */
export function TagsByLetter({context, tags}: {context: SiteContext; tags: readonly TagLink[]}) {
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
