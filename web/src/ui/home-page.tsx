/**
 * The home page, made of the sections editors arrange in the studio (homePage document): a hero
 * with the site's logo, features, code examples, the latest posts as cards and the sponsors. With
 * no hero section, the hero is made from the site settings (title, tagline), so that every home
 * page opens with its title; a home page of a hero alone fills the screen as a finished page.
 */
import type {HomePageQueryResult} from '@site/schemas/types'
import type {ReactNode} from 'react'
import {BASE_URL_BANNER_SCRIPT} from '../components/inline-scripts'
import {ID} from '../components/seam'
import {TranslationNotice} from '../editing/translation-notice'
import {parseInlineMarkup} from '../portable-text/inline-markup'
import {InlineContent, PortableBody} from '../portable-text/render'
import {feedPaths, localizeHref, routeUrl, switchLocale} from '@site/schemas/routing'
import {withText, type BlogPost, type BlogPostSummary} from '../site/blog'
import {formatDate, pickLabel, type SiteContext} from '../site/context'
import {prepareOrFail} from './common'
import {isHeroOnly, postExcerpt} from './home-content'
import {hasLogo, SiteLogo} from './site-logo'

type Home = NonNullable<HomePageQueryResult>
type HomeSection = NonNullable<Home['sections']>[number]
type Section<T extends HomeSection['_type']> = Extract<HomeSection, {_type: T}>

const isExternal = (href: string) => /^https?:\/\//.test(href)

/** Attributes of a link that leaves the site. */
function externalAttributes(href: string, sponsored = false) {
  return isExternal(href) ? {rel: sponsored ? 'noopener noreferrer sponsored' : 'noopener noreferrer', target: '_blank'} : {}
}

export async function HomePage({context, home, posts}: {context: SiteContext; home: Home; posts: BlogPostSummary[]}) {
  const {locale} = context
  const sections = home.sections ?? []
  const rendered = await Promise.all(sections.map((section, index) => renderSection(context, section, posts, index)))
  return (
    <main className={isHeroOnly(sections) ? 'home home-hero-only' : 'home'}>
      <BaseUrlBanner context={context} />
      <TranslationNotice
        context={context}
        content={home}
        sourceHref={switchLocale(context.routing.locales, routeUrl(context.routing, {kind: 'home', locale}), context.defaultLocale)}
      />
      {sections.some((section) => section._type === 'homeHero') ? null : (
        <Hero context={context} title={context.siteTitle} tagline={pickLabel(context.settings.tagline, context)} actions={[]} />
      )}
      {rendered}
    </main>
  )
}

async function renderSection(context: SiteContext, section: HomeSection, posts: BlogPostSummary[], index: number): Promise<ReactNode> {
  switch (section._type) {
    case 'homeHero':
      return (
        <Hero key={section._key} context={context} title={section.title || context.siteTitle} tagline={section.tagline ?? ''} actions={section.actions ?? []} />
      )
    case 'homeFeatures':
      return <Features key={section._key} context={context} section={section} />
    case 'homeCode':
    case 'homeText':
      return <PortableTextSection key={section._key} context={context} section={section} index={index} />
    case 'homeLatestPosts':
      return (
        <LatestPosts key={section._key} context={context} section={section} posts={await withText(context.locale, posts.slice(0, latestPostsCount(section)))} />
      )
    case 'homeSponsors':
      return <Sponsors key={section._key} context={context} section={section} />
  }
}

type Action = NonNullable<Section<'homeHero'>['actions']>[number]

function Hero({context, title, tagline, actions}: {context: SiteContext; title: string; tagline: string; actions: readonly Action[]}) {
  const logo = context.settings.logo
  const links = actions.filter((action): action is Action & {href: string; label: string} => Boolean(action.href && action.label))
  return (
    <section className={hasLogo(logo) ? 'home-hero home-hero-with-logo' : 'home-hero'} aria-labelledby="home-title">
      <div className="home-hero-inner">
        {hasLogo(logo) ? (
          <div className="home-hero-logo">
            <SiteLogo logo={logo} className="home-logo" height={176} priority />
          </div>
        ) : null}
        <div className="home-hero-text">
          <h1 id="home-title" className="home-title">
            <HeroTitle title={title} />
          </h1>
          {tagline ? <p className="home-tagline">{tagline}</p> : null}
          {links.length > 0 ? (
            <div className="home-actions">
              {links.map((action, position) => (
                <a
                  key={action._key}
                  className={position === 0 ? 'button button-primary button-lg' : 'button button-secondary button-lg'}
                  href={localizeHref(context.routing.locales, action.href, context.locale)}
                  {...externalAttributes(action.href)}
                >
                  {action.label}
                  {isExternal(action.href) ? <span className="visually-hidden"> {context.t('common.externalLink')}</span> : null}
                </a>
              ))}
            </div>
          ) : null}
        </div>
      </div>
    </section>
  )
}

export function SectionHeading({
  id,
  title,
  level,
  lead,
  children,
}: {
  id: string
  title?: string | null
  /** 3: a part of the section above (an h3). */
  level?: number | null
  lead?: string | null
  children?: ReactNode
}) {
  if (!title && !lead && !children) return null
  const Heading = level === 3 ? 'h3' : 'h2'
  return (
    <div className="home-section-head">
      {title ? (
        <Heading id={id} className="home-section-title">
          {title}
        </Heading>
      ) : null}
      {lead ? <p className="home-section-lead">{lead}</p> : null}
      {children}
    </div>
  )
}

function Features({context, section}: {context: SiteContext; section: Section<'homeFeatures'>}) {
  const items = (section.items ?? []).filter((item) => item.title)
  if (items.length === 0) return null
  const id = `home-${section._key}`
  return (
    <section className="home-section home-features" aria-labelledby={section.title ? id : undefined}>
      <div className="home-section-inner">
        <SectionHeading id={id} title={section.title} />
        <ul className="card-grid" data-count={items.length}>
          {items.map((item) => (
            <li key={item._key} className={item.href ? 'card feature-card card-linked' : 'card feature-card'}>
              <h3 className="card-title">
                {item.href ? (
                  <a className="card-link" href={localizeHref(context.routing.locales, item.href, context.locale)} {...externalAttributes(item.href)}>
                    {item.title}
                    <span className="card-arrow" aria-hidden="true">
                      →
                    </span>
                  </a>
                ) : (
                  item.title
                )}
              </h3>
              {item.text ? <p className="card-text">{item.text}</p> : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

/**
 * A section of Portable Text, prepared and rendered as in docs, left out when it has neither blocks
 * nor a title: code examples (code blocks of the content model, in a grid that the stylesheet lays
 * out by their count, under an optional lead), or free text (what an imported React home says besides
 * hero, features and code).
 */
async function PortableTextSection({context, section, index}: {context: SiteContext; section: Section<'homeCode'> | Section<'homeText'>; index: number}) {
  const code = section._type === 'homeCode'
  const body = code ? section.examples : section.body
  const prepared = await prepareOrFail(body, context, `home page section ${index + 1} (${section._key}, ${context.locale})`)
  if (prepared.blocks.length === 0 && !section.title) return null
  const id = `home-${section._key}`
  return (
    <section className={code ? 'home-section home-code' : 'home-section home-text'} aria-labelledby={section.title ? id : undefined}>
      <div className="home-section-inner">
        <SectionHeading id={id} title={section.title} level={section.titleLevel} lead={code ? section.text : undefined} />
        <div className={code ? 'home-code-grid' : 'markdown home-text-body'} data-count={code ? prepared.blocks.length : undefined}>
          <PortableBody blocks={prepared.blocks} />
        </div>
      </div>
    </section>
  )
}

/** How many posts a latest-posts section shows. */
function latestPostsCount(section: Section<'homeLatestPosts'>): number {
  return Math.max(1, section.count ?? 3)
}

/** The newest posts as cards, given with their texts (the excerpt and reading time come from them). */
function LatestPosts({context, section, posts}: {context: SiteContext; section: Section<'homeLatestPosts'>; posts: BlogPost[]}) {
  const {t, locale} = context
  const shown = posts
  if (shown.length === 0) return null
  const id = `home-${section._key}`
  const feeds = feedPaths(context.routing, locale)
  const showReadingTime = context.settings.blog?.showReadingTime !== false
  return (
    <section className="home-section home-posts" aria-labelledby={id}>
      <div className="home-section-inner">
        <SectionHeading id={id} title={section.title || t('blog.recentPosts')} />
        <ul className="card-grid post-cards" data-count={shown.length}>
          {shown.map((post) => {
            const excerpt = postExcerpt(post)
            return (
              <li key={post.slug} className="card post-card card-linked">
                <article>
                  <p className="post-card-meta">
                    <time dateTime={post.date}>{formatDate(post.date, context)}</time>
                    {showReadingTime ? <span> · {context.plural('blog.readingTime', post.readingMinutes)}</span> : null}
                  </p>
                  <h3 className="card-title">
                    <a className="card-link" href={post.href}>
                      {post.title}
                    </a>
                  </h3>
                  {excerpt ? <p className="card-text">{excerpt}</p> : null}
                  <p className="post-card-more" aria-hidden="true">
                    {t('blog.readMore')} <span className="card-arrow">→</span>
                  </p>
                </article>
              </li>
            )
          })}
        </ul>
        <p className="home-posts-links">
          <a className="button button-secondary" href={routeUrl(context.routing, {kind: 'blogList', locale, page: 1})}>
            {t('blog.allPosts')} →
          </a>
          <span className="home-feeds">
            {t('blog.feeds')} <a href={feeds.rss}>RSS</a> · <a href={feeds.atom}>Atom</a>
          </span>
        </p>
      </div>
    </section>
  )
}

function Sponsors({context, section}: {context: SiteContext; section: Section<'homeSponsors'>}) {
  const {t, locale} = context
  const sponsors = (section.sponsors ?? []).filter((sponsor) => sponsor.name)
  const cta = section.cta?.href && section.cta.label ? {href: section.cta.href, label: section.cta.label} : null
  if (sponsors.length === 0 && !cta) return null
  const id = `home-${section._key}`
  return (
    <section className="home-section home-sponsors" aria-labelledby={section.title ? id : undefined}>
      <div className="home-section-inner">
        <SectionHeading id={id} title={section.title} lead={section.text} />
        {sponsors.length > 0 ? (
          <ul className={sponsors.length > 12 ? 'sponsor-grid sponsor-grid-many' : 'sponsor-grid'}>
            {sponsors.map((sponsor) => {
              const logo = sponsor.logo?.url ? (
                <img
                  className="sponsor-logo"
                  src={sponsor.logo.url}
                  alt={sponsor.name ?? ''}
                  width={sponsor.logo.width ?? undefined}
                  height={sponsor.logo.height ?? undefined}
                  loading="lazy"
                  decoding="async"
                />
              ) : sponsor.logoUrl ? (
                <img className="sponsor-logo" src={sponsor.logoUrl} alt={sponsor.name ?? ''} loading="lazy" decoding="async" />
              ) : (
                <span className="sponsor-name">{sponsor.name}</span>
              )
              return (
                <li key={sponsor._key}>
                  {sponsor.url ? (
                    <a className="sponsor-tile" href={sponsor.url} {...externalAttributes(sponsor.url, true)}>
                      {logo}
                      {isExternal(sponsor.url) ? <span className="visually-hidden"> {t('common.externalLink')}</span> : null}
                    </a>
                  ) : (
                    <span className="sponsor-tile">{logo}</span>
                  )}
                </li>
              )
            })}
          </ul>
        ) : null}
        {cta ? (
          <p className="home-sponsors-cta">
            <a className="button button-primary" href={localizeHref(context.routing.locales, cta.href, locale)} {...externalAttributes(cta.href)}>
              {cta.label}
              {isExternal(cta.href) ? <span className="visually-hidden"> {t('common.externalLink')}</span> : null}
            </a>
          </p>
        ) : null}
      </div>
    </section>
  )
}

/**
 * Shown on the home page only when the site is served from another address than its base URL
 * (then its stylesheet and scripts, addressed from the root, do not load): a constant inline script
 * (allowed by hash) compares the address with the locale's home path (data-home) and checks that
 * the stylesheet applied.
 */
function BaseUrlBanner({context}: {context: SiteContext}) {
  const home = routeUrl(context.routing, {kind: 'home', locale: context.locale})
  return (
    <>
      <div
        id={ID.baseUrlBanner}
        className="base-url-banner"
        role="alert"
        data-home={home}
        hidden
        suppressHydrationWarning
        style={{padding: '0.75rem 1rem', background: '#fde8e8', color: '#7a1212', fontWeight: 600}}
      >
        {context.t('error.baseUrl', {expected: home})}
      </div>
      <script dangerouslySetInnerHTML={{__html: BASE_URL_BANNER_SCRIPT}} />
    </>
  )
}

/**
 * A hero's title: inline markup, as an imported React page's heading may hold pictures around its
 * words (`<img>` beside the text in the page's JSX), drawn as images rather than shown as their markup.
 */
export function HeroTitle({title}: {title: string}) {
  return <InlineContent nodes={parseInlineMarkup(title)} />
}
