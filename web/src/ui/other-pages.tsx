// The changelog, standalone pages, the home page and the not-found page.
import {DEFAULT_LOCALE} from '@site/schemas/model'
import type {HomePageQueryResult, PageQueryResult, ReleasesQueryResult} from '@site/schemas/types'
import {BASE_URL_BANNER_SCRIPT} from '../components/inline-scripts'
import {PortableBody} from '../portable-text/render'
import {localizeHref, routeUrl, switchLocale} from '../routing/routes'
import type {BlogPostSummary} from '../site/blog'
import {formatDate, type SiteContext} from '../site/context'
import {editLinkFor} from '../editing/edit-link'
import {TranslationNotice} from '../editing/translation-notice'
import {prepareOrFail} from './common'

type ReleaseRow = ReleasesQueryResult[number]

export function releaseTitle(row: ReleaseRow): string {
  return row.release.title || row.version || ''
}

export function ChangelogPage({context, releases}: {context: SiteContext; releases: ReleasesQueryResult}) {
  const {t, locale} = context
  return (
    <main className="container changelog">
      <h1>{t('changelog.title')}</h1>
      <p>{t('changelog.description')}</p>
      <ul className="release-list">
        {releases.map((row) =>
          row.version ? (
            <li key={row.version}>
              <a href={routeUrl({kind: 'release', locale, version: context.latest.path, release: row.version})}>{releaseTitle(row)}</a>
              {row.date ? <> – <time dateTime={row.date}>{formatDate(row.date, context)}</time></> : null}
              {row.release.summary ? <p>{row.release.summary}</p> : null}
            </li>
          ) : null,
        )}
      </ul>
    </main>
  )
}

export async function ReleasePage({context, row, href}: {context: SiteContext; row: ReleaseRow; href: string}) {
  const {t, locale} = context
  const prepared = await prepareOrFail(row.release.body, context, `release ${row.version} (${locale})`)
  return (
    <main className="container release">
      <nav className="breadcrumbs" aria-label={t('doc.breadcrumbs')}>
        <ol>
          <li>
            <a href={routeUrl({kind: 'changelog', locale, version: context.latest.path})}>{t('changelog.title')}</a>
          </li>
          <li aria-current="page">{row.version}</li>
        </ol>
      </nav>
      <TranslationNotice context={context} content={row.release} sourceHref={switchLocale(href, DEFAULT_LOCALE)} />
      <article>
        <h1>{releaseTitle(row)}</h1>
        {row.date ? <p className="release-date">{t('changelog.releasedOn', {date: formatDate(row.date, context)})}</p> : null}
        <PortableBody blocks={prepared.blocks} />
        {row.release.diffUrl ? (
          <p>
            <a href={row.release.diffUrl} rel="noopener noreferrer" target="_blank">{t('changelog.compare')}</a>
          </p>
        ) : null}
      </article>
    </main>
  )
}

export async function StandalonePage({context, page, href}: {context: SiteContext; page: NonNullable<PageQueryResult>; href: string}) {
  const prepared = await prepareOrFail(page.body, context, `page ${page.path} (${context.locale})`)
  const editHref = editLinkFor({_id: page._id, _type: 'page', sourcePath: page.sourcePath}, context.settings.editUrl)
  return (
    <main className="container standalone-page">
      <TranslationNotice context={context} content={page} sourceHref={switchLocale(href, DEFAULT_LOCALE)} />
      <article>
        <h1>{page.title}</h1>
        <PortableBody blocks={prepared.blocks} />
      </article>
      {editHref ? (
        <p className="doc-footer">
          <a className="edit-link" href={editHref} rel="noopener noreferrer" target="_blank">
            {context.t('doc.editPage')}
            <span className="visually-hidden"> {context.t('common.externalLink')}</span>
          </a>
        </p>
      ) : null}
    </main>
  )
}

type HomeSection = NonNullable<NonNullable<HomePageQueryResult>['sections']>[number]

export async function HomePage({context, home, posts}: {context: SiteContext; home: NonNullable<HomePageQueryResult>; posts: BlogPostSummary[]}) {
  const {locale} = context
  const sections = await Promise.all((home.sections ?? []).map((section) => renderSection(section)))
  return (
    <main className="home">
      <BaseUrlBanner context={context} />
      <TranslationNotice context={context} content={home} sourceHref={switchLocale(routeUrl({kind: 'home', locale}), DEFAULT_LOCALE)} />
      {sections}
    </main>
  )

  async function renderSection(section: HomeSection) {
    switch (section._type) {
      case 'homeHero':
        return (
          <section key={section._key} className="home-hero">
            <h1>{section.title}</h1>
            {section.tagline ? <p className="home-tagline">{section.tagline}</p> : null}
            <p className="home-actions">
              {(section.actions ?? []).map((action, index) =>
                action.href ? (
                  <a key={action._key} className={index === 0 ? 'button button-primary' : 'button'} href={localizeHref(action.href, locale)}>{action.label}</a>
                ) : null,
              )}
            </p>
          </section>
        )
      case 'homeFeatures':
        return (
          <section key={section._key} className="home-features container">
            {section.title ? <h2>{section.title}</h2> : null}
            <ul className="feature-grid">
              {(section.items ?? []).map((item) => (
                <li key={item._key} className="feature">
                  <h3>{item.href ? <a href={localizeHref(item.href, locale)}>{item.title}</a> : item.title}</h3>
                  {item.text ? <p>{item.text}</p> : null}
                </li>
              ))}
            </ul>
          </section>
        )
      case 'homeCode': {
        // The examples are code blocks of the content model: the same preparation and component as in docs.
        const prepared = await prepareOrFail(section.examples, context, `home page section ${section._key} (${locale})`)
        return (
          <section key={section._key} className="home-code container">
            {section.title ? <h2>{section.title}</h2> : null}
            {section.text ? <p>{section.text}</p> : null}
            <div className="home-code-grid">
              <PortableBody blocks={prepared.blocks} />
            </div>
          </section>
        )
      }
      case 'homeLatestPosts':
        return (
          <section key={section._key} className="home-posts container">
            {section.title ? <h2>{section.title}</h2> : null}
            <ul>
              {posts.slice(0, section.count ?? 3).map((post) => (
                <li key={post.slug}>
                  <a href={post.href}>{post.title}</a> <time dateTime={post.date}>{formatDate(post.date, context)}</time>
                </li>
              ))}
            </ul>
          </section>
        )
      case 'homeSponsors':
        return (
          <section key={section._key} className="home-sponsors container">
            {section.title ? <h2>{section.title}</h2> : null}
            {section.text ? <p>{section.text}</p> : null}
            <ul className="sponsor-list">
              {(section.sponsors ?? []).map((sponsor) => {
                const content = sponsor.logo?.url ? (
                  <img src={sponsor.logo.url} alt={sponsor.name ?? ''} width={sponsor.logo.width ?? undefined} height={sponsor.logo.height ?? undefined} loading="lazy" />
                ) : (
                  sponsor.name
                )
                return <li key={sponsor._key}>{sponsor.url ? <a href={sponsor.url} rel="noopener noreferrer sponsored" target="_blank">{content}</a> : content}</li>
              })}
            </ul>
            {section.cta?.href && section.cta.label ? <a className="button" href={localizeHref(section.cta.href, locale)}>{section.cta.label}</a> : null}
          </section>
        )
    }
  }
}

export function NotFoundPage({context}: {context: SiteContext}) {
  const {t} = context
  return (
    <main className="container not-found">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.p1')}</p>
      <p>{t('notFound.p2')}</p>
      <p>
        <a href={routeUrl({kind: 'home', locale: context.locale})}>{t('notFound.home')}</a>
      </p>
    </main>
  )
}

/**
 * Shown on the home page only when the site is served from another address than its base URL
 * (then its stylesheet and scripts, addressed from the root, do not load): an inline script
 * compares the address with the locale's home path (data-home) and checks that the stylesheet applied.
 */
function BaseUrlBanner({context}: {context: SiteContext}) {
  const home = routeUrl({kind: 'home', locale: context.locale})
  return (
    <>
      <div id="base-url-banner" className="base-url-banner" role="alert" data-home={home} hidden suppressHydrationWarning style={{padding: '0.75rem 1rem', background: '#fde8e8', color: '#7a1212', fontWeight: 600}}>
        {context.t('error.baseUrl', {expected: home})}
      </div>
      <script dangerouslySetInnerHTML={{__html: BASE_URL_BANNER_SCRIPT}} />
    </>
  )
}
