// A doc page: sidebar, breadcrumbs, older-version banner, the doc, previous/next, table of contents.
import {SIDEBAR_OPEN_SCRIPT} from '../components/inline-scripts'
import {PortableBody} from '../portable-text/render'
import {DEFAULT_LOCALE} from '@site/schemas/model'
import {routeUrl, switchLocale} from '../routing/routes'
import {formatDate, type SiteContext} from '../site/context'
import type {DocPageData, SidebarItem} from '../site/docs'
import {editLinkFor} from '../editing/edit-link'
import {TranslationNotice} from '../editing/translation-notice'
import {prepareOrFail} from './common'
import {buildToc, TableOfContents} from './toc'

export async function DocPage({context, data}: {context: SiteContext; data: DocPageData}) {
  const {t} = context
  const {doc, version} = data
  const prepared = await prepareOrFail(doc.body, context, `doc ${version.path}/${doc.slug} (${context.locale})`)
  const toc = buildToc(prepared.headings, doc.tocMinLevel ?? 2, doc.tocMaxLevel ?? 3)
  const englishHref = switchLocale(data.href, DEFAULT_LOCALE)
  const lastUpdated = doc.lastUpdatedAt || doc._updatedAt
  const editHref = editLinkFor({_id: doc._id, _type: 'doc', sourcePath: doc.sourcePath}, context.settings.editUrl)
  return (
    <div className="docs-layout">
      <nav className="docs-sidebar" aria-label={t('doc.sidebar')}>
        {/* A closed disclosure on phones; on desktop the script below opens it before first paint (no layout shift) and the toggle is hidden, so the sidebar cannot be hidden there. */}
        <details className="sidebar-disclosure" id="docs-sidebar-disclosure" suppressHydrationWarning>
          <summary className="sidebar-summary">{t('doc.sidebar')}</summary>
          <SidebarList items={data.sidebar} currentHref={data.href} />
        </details>
        <script dangerouslySetInnerHTML={{__html: SIDEBAR_OPEN_SCRIPT}} />
      </nav>
      <main className="doc-main">
        {version.unmaintained && data.latestHref ? (
          <div className="version-banner" role="status">
            <p>{t('doc.unmaintained', {site: context.siteTitle, version: version.label})}</p>
            <p>
              <a href={data.latestHref}>{t('doc.latestLink')}</a>
            </p>
          </div>
        ) : null}
        <nav className="breadcrumbs" aria-label={t('doc.breadcrumbs')}>
          <ol>
            <li>
              <a href={routeUrl({kind: 'docsHome', locale: context.locale, version: version.path})}>{t('common.homePage')}</a>
            </li>
            {data.breadcrumbs.map((crumb, index) => (
              <li key={index}>{crumb.href ? <a href={crumb.href}>{crumb.label}</a> : crumb.label}</li>
            ))}
            <li aria-current="page">{doc.sidebarLabel || doc.title}</li>
          </ol>
        </nav>
        <span className="version-badge">{t('doc.versionBadge', {version: version.label})}</span>
        <TranslationNotice context={context} content={doc} sourceHref={englishHref} />
        <article className="doc-article">
          <h1>{doc.title}</h1>
          <PortableBody blocks={prepared.blocks} />
        </article>
        <div className="doc-footer">
          {editHref ? (
            <a className="edit-link" href={editHref} rel="noopener noreferrer" target="_blank">
              {t('doc.editPage')}
              <span className="visually-hidden"> {t('common.externalLink')}</span>
            </a>
          ) : null}
          {/* The content's own date when it has one (from the source), else Sanity's last edit of the document. */}
          {lastUpdated ? <p className="last-updated">{t('doc.lastUpdated', {date: formatDate(lastUpdated, context)})}</p> : null}
        </div>
        {data.previous || data.next ? (
          <nav className="pagination-nav" aria-label={t('doc.pagination')}>
            {data.previous ? (
              <a className="pagination-link pagination-previous" href={data.previous.href}>
                <span className="pagination-label">{t('doc.previous')}</span>
                <span className="pagination-title">{data.previous.label}</span>
              </a>
            ) : <span />}
            {data.next ? (
              <a className="pagination-link pagination-next" href={data.next.href}>
                <span className="pagination-label">{t('doc.next')}</span>
                <span className="pagination-title">{data.next.label}</span>
              </a>
            ) : null}
          </nav>
        ) : null}
      </main>
      <aside className="doc-toc">
        <TableOfContents entries={toc} label={t('doc.toc')} />
      </aside>
    </div>
  )
}

function SidebarList({items, currentHref}: {items: readonly SidebarItem[]; currentHref: string}) {
  return (
    <ul className="sidebar-list">
      {items.map((item) => {
        switch (item.type) {
          case 'doc':
            return (
              <li key={item.key}>
                <a className="sidebar-link" href={item.href} aria-current={item.href === currentHref ? 'page' : undefined}>{item.label}</a>
              </li>
            )
          case 'link':
            return (
              <li key={item.key}>
                <a className="sidebar-link" href={item.href} {...(/^https?:\/\//.test(item.href) ? {rel: 'noopener noreferrer', target: '_blank'} : {})}>{item.label}</a>
              </li>
            )
          case 'html':
            return <li key={item.key} className="sidebar-html">{item.value}</li>
          case 'category':
            return (
              <li key={item.key} className="sidebar-category">
                {item.href ? (
                  <a className="sidebar-category-label" href={item.href} aria-current={item.href === currentHref ? 'page' : undefined}>{item.label}</a>
                ) : (
                  <span className="sidebar-category-label">{item.label}</span>
                )}
                <SidebarList items={item.items} currentHref={currentHref} />
              </li>
            )
        }
      })}
    </ul>
  )
}
