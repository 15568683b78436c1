// Blog pages: the paginated list (posts cut at their read-more break), a post, the archive, tags, authors.
import type {ReactNode} from 'react'
import {PortableBody} from '../portable-text/render'
import {DATA} from '../components/seam'
import {truncateAtReadMore} from '../portable-text/prepare'
import {routeUrl, switchLocale} from '@site/schemas/routing'
import {groupByYear, type BlogPost, type BlogPostSummary} from '../site/blog'
import {authorHref, platformName, type BlogAuthor, type BlogAuthorRow} from '../site/blog-authors'
import {tagAddress, type BlogTag} from '../site/blog-tags'
import {formatDate, formatMonthDay, type SiteContext} from '../site/context'
import {TranslationNotice} from '../editing/translation-notice'
import {prepareOrFail} from './common'
import {AllTags, TagHeader} from './tags'
import {UnlistedBanner} from './unlisted-banner'

export function PostMeta({context, post}: {context: SiteContext; post: BlogPost}) {
  const authors = (post.row.post.authors ?? []).flatMap((author) => (author.name ? [author] : []))
  const showReadingTime = context.settings.blog?.showReadingTime !== false
  // The names are links, so the message is split around its {authors} placeholder.
  const [byBefore = '', byAfter = ''] = context.t('blog.by').split('{authors}')
  return (
    <div className="post-meta">
      <time dateTime={post.date}>{formatDate(post.date, context)}</time>
      {showReadingTime ? <span> · {context.plural('blog.readingTime', post.readingMinutes)}</span> : null}
      {/* A line of the post's header, not a paragraph of its text (Docusaurus draws it as a block of avatars). */}
      {authors.length > 0 ? (
        <div className="post-authors">
          {byBefore}
          {authors.map((author, index) => (
            <span key={author.key ?? index} className="post-author">
              {index > 0 ? ', ' : ''}
              {/* The author's picture before their name, as Docusaurus's post header shows it. */}
              {author.imageUrl ? (
                <img className="post-author-photo" src={author.imageUrl} alt={author.name ?? ''} width={32} height={32} loading="lazy" />
              ) : null}
              <AuthorName context={context} author={author} />
              {author.title ? <span className="post-author-title"> ({author.title})</span> : null}
            </span>
          ))}
          {byAfter}
        </div>
      ) : null}
    </div>
  )
}

/** An author's name on a post: a link to their page, else to their address or email (opened apart), else plain. */
function AuthorName({context, author}: {context: SiteContext; author: BlogAuthorRow}) {
  const href = authorHref(author, context.routing, context.locale)
  if (!href) return <>{author.name}</>
  return href.startsWith('/') ? (
    <a href={href}>{author.name}</a>
  ) : (
    <a href={href} rel="noopener noreferrer" target="_blank">
      {author.name}
    </a>
  )
}

/**
 * An author as the authors page and their own page show them: picture, name (a heading), number of
 * posts on the authors page, role, then their address, social links and email.
 */
function AuthorCard({context, author, heading, count}: {context: SiteContext; author: BlogAuthor; heading: 'h1' | 'h2'; count?: number}) {
  const {row} = author
  const Heading = heading
  // On the author's own page the name is the page's title, not a link to itself.
  const href = heading === 'h2' ? authorHref(row, context.routing, context.locale) : undefined
  const links = [
    ...(row.url && (heading === 'h1' || author.permalink) ? [{label: URL.canParse(row.url) ? new URL(row.url).host : row.url, href: row.url}] : []),
    ...(row.socials ?? []).flatMap((social) =>
      social.platform && social.url ? [{label: social.platform === 'email' ? context.t('blog.email') : platformName(social.platform), href: social.url}] : [],
    ),
    ...(row.email && !(row.socials ?? []).some((social) => social.platform === 'email') ? [{label: context.t('blog.email'), href: `mailto:${row.email}`}] : []),
  ]
  return (
    <div className="author-card">
      {/* The picture carries the author's name as its text, as Docusaurus's author cards do. */}
      {row.imageUrl ? <img className="author-photo" src={row.imageUrl} alt={author.name} width={64} height={64} loading="lazy" /> : null}
      <div className="author-details">
        {/* The name and the number of posts on one line; the number outside the heading, as Docusaurus places it. */}
        <div className="author-name-row">
          <Heading className="author-name">
            {href ? (
              href.startsWith('/') ? (
                <a href={href}>{author.name}</a>
              ) : (
                <a href={href} rel="noopener noreferrer" target="_blank">
                  {author.name}
                </a>
              )
            ) : (
              author.name
            )}
          </Heading>
          {count !== undefined ? <PostCount context={context} count={count} /> : null}
        </div>
        {row.title ? <p className="author-title">{row.title}</p> : null}
        {/* A row of links, named as a group: Docusaurus draws them as a row of icons, not as a list. */}
        {links.length > 0 ? (
          <div className="author-links" role="group" aria-label={context.t('blog.authorLinks', {name: author.name})}>
            {links.map((link) => (
              <a key={link.href} href={link.href} rel="noopener noreferrer" target={link.href.startsWith('mailto:') ? undefined : '_blank'}>
                {link.label}
              </a>
            ))}
          </div>
        ) : null}
      </div>
    </div>
  )
}

/**
 * An author's number of posts beside their name: the number is shown as a badge (as Docusaurus shows
 * it), the words of the message around it ("12 posts") are read by screen readers and copied.
 */
function PostCount({context, count}: {context: SiteContext; count: number}) {
  const message = context.plural('blog.postCount', count)
  const shown = [new Intl.NumberFormat(context.localeInfo.htmlLang).format(count), String(count)].find((text) => message.includes(text))
  if (!shown) return <span className="author-post-count">{message}</span>
  const at = message.indexOf(shown)
  const before = message.slice(0, at)
  const after = message.slice(at + shown.length)
  return (
    <span className="author-post-count">
      {before ? <span className="visually-hidden">{before}</span> : null}
      {shown}
      {after ? <span className="visually-hidden">{after}</span> : null}
    </span>
  )
}

/** Every listed author with their number of posts, in the blog's frame. */
export function BlogAuthorsPage({context, authors, recent}: {context: SiteContext; authors: readonly BlogAuthor[]; recent: readonly BlogPostSummary[]}) {
  return (
    <BlogFrame context={context} recent={recent} className="authors-page">
      <h1>{context.t('blog.authors')}</h1>
      <ul className="author-list">
        {authors.map((author) => (
          <li key={author.key}>
            <AuthorCard context={context} author={author} heading="h2" count={author.posts.length} />
          </li>
        ))}
      </ul>
    </BlogFrame>
  )
}

/** One author's page: who they are, then their posts, newest first, paginated like the blog. */
export async function BlogAuthorPage({
  context,
  author,
  posts,
  page,
  pageCount,
  recent,
  hasAuthorsPage,
}: {
  context: SiteContext
  author: BlogAuthor
  posts: BlogPost[]
  page: number
  pageCount: number
  recent: readonly BlogPostSummary[]
  hasAuthorsPage: boolean
}) {
  const {t, locale} = context
  const permalink = author.permalink ?? ''
  return (
    <BlogFrame context={context} recent={recent}>
      <header className="author-header">
        <AuthorCard context={context} author={author} heading="h1" />
        {author.row.description ? <p className="author-description">{author.row.description}</p> : null}
        {hasAuthorsPage ? <a href={routeUrl(context.routing, {kind: 'blogAuthors', locale})}>{t('blog.viewAllAuthors')}</a> : null}
      </header>
      {posts.length === 0 ? (
        <p>{t('blog.authorNoPosts')}</p>
      ) : (
        <>
          <PostPreviews context={context} posts={posts} />
          <ListPagination
            context={context}
            page={page}
            pageCount={pageCount}
            hrefOf={(target) => routeUrl(context.routing, {kind: 'blogAuthor', locale, author: permalink, page: target})}
          />
        </>
      )}
    </BlogFrame>
  )
}

/** The blog's frame of a page: the recent posts' sidebar beside the page's main content. */
function BlogFrame({
  context,
  recent,
  currentSlug,
  className,
  children,
}: {
  context: SiteContext
  recent: readonly BlogPostSummary[]
  currentSlug?: string
  className?: string
  children: ReactNode
}) {
  return (
    <div className="blog-layout">
      <BlogSidebar context={context} recent={recent} currentSlug={currentSlug} />
      <main className={className ? `blog-main ${className}` : 'blog-main'}>{children}</main>
    </div>
  )
}

/** The sidebar of the blog's list pages and posts: the latest posts (moved into the mobile menu on phones). */
function BlogSidebar({context, recent, currentSlug}: {context: SiteContext; recent: readonly BlogPostSummary[]; currentSlug?: string}) {
  const {t} = context
  return (
    <nav className="blog-sidebar" aria-label={t('blog.recentPosts')}>
      <div {...{[DATA.menuSecondary]: ''}}>
        <p className="blog-sidebar-title">{t('blog.recentPosts')}</p>
        <ul>
          {recent.map((item) => (
            <li key={item.slug}>
              <a href={item.href} aria-current={item.slug === currentSlug ? 'page' : undefined}>
                {item.title}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  )
}

/**
 * A post's tags, each linking to its page: the footer line of the post's page and of its preview in
 * the lists (Docusaurus's post footer, shown in both), not a paragraph of its text.
 */
function PostTags({context, post}: {context: SiteContext; post: BlogPostSummary}) {
  const tags = post.row.post.tags ?? []
  if (tags.length === 0) return null
  return (
    <div className="post-tags">
      {context.t('blog.tags')}{' '}
      {tags.map((tag) => (
        <a
          key={tag}
          className="tag"
          href={routeUrl(context.routing, {kind: 'blogTag', locale: context.locale, tag: tagAddress(tag, context.settings.blog?.tags), page: 1})}
        >
          {tag}
        </a>
      ))}
    </div>
  )
}

/** Posts cut at their read-more break, each with its title, date, reading time and authors, then its tags and the read-more link. */
async function PostPreviews({context, posts}: {context: SiteContext; posts: readonly BlogPost[]}) {
  const {t, locale} = context
  const items = await Promise.all(
    posts.map(async (post) => {
      const {blocks, truncated} = truncateAtReadMore(post.text.body)
      return {post, truncated, prepared: await prepareOrFail(blocks, context, `blog post ${post.slug} (${locale})`)}
    }),
  )
  return (
    <>
      {items.map(({post, truncated, prepared}) => (
        <article key={post.slug} className="blog-preview">
          <h2>
            <a href={post.href}>{post.title}</a>
          </h2>
          <PostMeta context={context} post={post} />
          <div className="post-body">
            <PortableBody blocks={prepared.blocks} />
          </div>
          <PostTags context={context} post={post} />
          {truncated ? (
            // A link at the foot of the preview, not a paragraph of the post (as Docusaurus draws it).
            <div className="read-more">
              <a href={post.href} aria-label={t('blog.readMoreAbout', {title: post.title})}>
                {t('blog.readMore')}
              </a>
            </div>
          ) : null}
        </article>
      ))}
    </>
  )
}

/** Newer and older entries of a paginated list of posts. */
function ListPagination({context, page, pageCount, hrefOf}: {context: SiteContext; page: number; pageCount: number; hrefOf: (page: number) => string}) {
  const {t} = context
  return (
    <nav className="pagination-nav" aria-label={t('blog.listPagination')}>
      {page > 1 ? (
        <a className="pagination-link pagination-previous" href={hrefOf(page - 1)}>
          {t('blog.newerEntries')}
        </a>
      ) : (
        <span />
      )}
      {page < pageCount ? (
        <a className="pagination-link pagination-next" href={hrefOf(page + 1)}>
          {t('blog.olderEntries')}
        </a>
      ) : null}
    </nav>
  )
}

export async function BlogListPage({
  context,
  posts,
  page,
  pageCount,
  recent,
}: {
  context: SiteContext
  posts: BlogPost[]
  page: number
  pageCount: number
  recent: readonly BlogPostSummary[]
}) {
  const {t, locale} = context
  return (
    <BlogFrame context={context} recent={recent}>
      <h1 className="visually-hidden">{page === 1 ? t('blog.title') : t('blog.pageTitle', {page})}</h1>
      <PostPreviews context={context} posts={posts} />
      <ListPagination
        context={context}
        page={page}
        pageCount={pageCount}
        hrefOf={(target) => routeUrl(context.routing, {kind: 'blogList', locale, page: target})}
      />
    </BlogFrame>
  )
}

/** One tag's posts, newest first, paginated like the blog, with a link to every tag. */
export async function BlogTagPage({
  context,
  tag,
  posts,
  page,
  pageCount,
  recent,
}: {
  context: SiteContext
  tag: BlogTag
  posts: BlogPost[]
  page: number
  pageCount: number
  recent: readonly BlogPostSummary[]
}) {
  const {locale} = context
  return (
    <BlogFrame context={context} recent={recent}>
      <TagHeader
        context={context}
        tag={tag}
        title={context.plural('blog.taggedPosts', tag.posts.length, {tag: tag.label})}
        allTagsHref={routeUrl(context.routing, {kind: 'blogTags', locale})}
      />
      <PostPreviews context={context} posts={posts} />
      <ListPagination
        context={context}
        page={page}
        pageCount={pageCount}
        hrefOf={(target) => routeUrl(context.routing, {kind: 'blogTag', locale, tag: tag.permalink, page: target})}
      />
    </BlogFrame>
  )
}

/** Every tag with its number of posts, under the first letter of its label, in the blog's frame (as Docusaurus shows it). */
export function BlogTagsPage({context, tags, recent}: {context: SiteContext; tags: readonly BlogTag[]; recent: readonly BlogPostSummary[]}) {
  const {locale} = context
  return (
    <BlogFrame context={context} recent={recent} className="tags-page">
      <AllTags
        context={context}
        tags={tags}
        href={(tag) => routeUrl(context.routing, {kind: 'blogTag', locale, tag: tag.permalink, page: 1})}
        count={(tag) => tag.posts.length}
      />
    </BlogFrame>
  )
}

export async function BlogPostPage({
  context,
  post,
  newer,
  older,
  recent,
}: {
  context: SiteContext
  post: BlogPost
  newer: BlogPostSummary | null
  older: BlogPostSummary | null
  recent: BlogPostSummary[]
}) {
  const {t, locale} = context
  const prepared = await prepareOrFail(post.text.body, context, `blog post ${post.slug} (${locale})`)
  return (
    <BlogFrame context={context} recent={recent} currentSlug={post.slug}>
      {post.unlisted ? <UnlistedBanner context={context} /> : null}
      <TranslationNotice context={context} content={post.text} sourceHref={switchLocale(context.routing.locales, post.href, context.defaultLocale)} />
      <article className="blog-post">
        <h1>{post.title}</h1>
        <PostMeta context={context} post={post} />
        <PortableBody blocks={prepared.blocks} />
        <PostTags context={context} post={post} />
      </article>
      <nav className="pagination-nav" aria-label={t('blog.postPagination')}>
        {newer ? (
          <a className="pagination-link pagination-previous" href={newer.href}>
            <span className="pagination-label">{t('blog.newerPost')}</span>
            <span className="pagination-title">{newer.title}</span>
          </a>
        ) : (
          <span />
        )}
        {older ? (
          <a className="pagination-link pagination-next" href={older.href}>
            <span className="pagination-label">{t('blog.olderPost')}</span>
            <span className="pagination-title">{older.title}</span>
          </a>
        ) : null}
      </nav>
    </BlogFrame>
  )
}

export function BlogArchivePage({context, posts}: {context: SiteContext; posts: BlogPostSummary[]}) {
  const {t} = context
  return (
    <main className="container archive">
      <h1>{t('blog.archive')}</h1>
      <p>{t('blog.archiveDescription')}</p>
      {/* Docusaurus's years are h3s right under the title; a heading only screen readers read keeps the outline whole. */}
      <h2 className="visually-hidden">{t('blog.archiveYears')}</h2>
      <div className="archive-years">
        {groupByYear(posts).map((group) => (
          <section key={group.year} className="archive-year">
            {/* The year is the heading's anchor, as in Docusaurus's archive (/blog/archive#2024). */}
            <h3 id={String(group.year)}>{group.year}</h3>
            <ul>
              {group.posts.map((post) => (
                <li key={post.slug}>
                  {/* Month and day under the year, then the title, as Docusaurus's archive reads ("June 4 - Title"). */}
                  <time dateTime={post.date}>{formatMonthDay(post.date, context)}</time> - <a href={post.href}>{post.title}</a>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </main>
  )
}
