// The changelog, standalone pages and the not-found page (the home page is in home-page.tsx).
import type {PageQueryResult, ReleasesQueryResult, ReleaseTextQueryResult} from '@site/schemas/types'
import {PortableBody} from '../portable-text/render'
import {routeUrl, switchLocale} from '@site/schemas/routing'
import {formatDate, type SiteContext} from '../site/context'
import {editLinkFor} from '../editing/edit-link'
import {TranslationNotice} from '../editing/translation-notice'
import {prepareOrFail} from './common'
import {UnlistedBanner} from './unlisted-banner'

type ReleaseRow = ReleasesQueryResult[number]
type ReleaseText = Pick<NonNullable<ReleaseTextQueryResult>, 'language' | 'body' | 'translation'>

export function releaseTitle(row: ReleaseRow): string {
  return row.release.title || row.version || ''
}

export function ChangelogPage({context, releases}: {context: SiteContext; releases: ReleasesQueryResult}) {
  const {t, locale} = context
  return (
    <main className="container changelog">
      <h1>{t('changelog.title')}</h1>
      <p>{t('changelog.description', {site: context.siteTitle})}</p>
      <ul className="release-list">
        {releases.map((row) =>
          row.version ? (
            <li key={row.version}>
              <a href={routeUrl(context.routing, {kind: 'release', locale, version: context.latest.path, release: row.version})}>{releaseTitle(row)}</a>
              {row.date ? (
                <>
                  {' '}
                  – <time dateTime={row.date}>{formatDate(row.date, context)}</time>
                </>
              ) : null}
              {row.release.summary ? <p>{row.release.summary}</p> : null}
            </li>
          ) : null,
        )}
      </ul>
    </main>
  )
}

export async function ReleasePage({context, row, text, href}: {context: SiteContext; row: ReleaseRow; text: ReleaseText; href: string}) {
  const {t, locale} = context
  const prepared = await prepareOrFail(text.body, context, `release ${row.version} (${locale})`)
  return (
    <main className="container release">
      <nav className="breadcrumbs" aria-label={t('doc.breadcrumbs')}>
        <ol>
          <li>
            <a href={routeUrl(context.routing, {kind: 'changelog', locale, version: context.latest.path})}>{t('changelog.title')}</a>
          </li>
          <li aria-current="page">{row.version}</li>
        </ol>
      </nav>
      <TranslationNotice context={context} content={text} sourceHref={switchLocale(context.routing.locales, href, context.defaultLocale)} />
      <article>
        <h1>{releaseTitle(row)}</h1>
        {row.date ? <p className="release-date">{t('changelog.releasedOn', {date: formatDate(row.date, context)})}</p> : null}
        <PortableBody blocks={prepared.blocks} />
        {row.release.diffUrl ? (
          <p>
            <a href={row.release.diffUrl} rel="noopener noreferrer" target="_blank">
              {t('changelog.compare')}
            </a>
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
      {page.unlisted ? <UnlistedBanner context={context} /> : null}
      <TranslationNotice context={context} content={page} sourceHref={switchLocale(context.routing.locales, href, context.defaultLocale)} />
      <article>
        {page.hideTitle ? null : <h1>{page.heading || page.title}</h1>}
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

export function NotFoundPage({context}: {context: SiteContext}) {
  const {t} = context
  return (
    <main className="container not-found">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.p1')}</p>
      <p>{t('notFound.p2')}</p>
      <p>
        <a href={routeUrl(context.routing, {kind: 'home', locale: context.locale})}>{t('notFound.home')}</a>
      </p>
    </main>
  )
}
