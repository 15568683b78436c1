// A doc page: sidebar, breadcrumbs, older-version banner, the doc, previous/next, table of contents.
import {sanitizeRawHtml} from '../portable-text/sanitize'
import {SIDEBAR_OPEN_SCRIPT} from '../components/inline-scripts'
import {CLASS, DATA, ID} from '../components/seam'
import {DocCards, PortableBody} from '../portable-text/render'
import {routeUrl, switchLocale} from '@site/schemas/routing'
import {formatDate, type SiteContext} from '../site/context'
import type {DocPageData, SidebarItem} from '../site/docs'
import {editLinkFor} from '../editing/edit-link'
import {TranslationNotice} from '../editing/translation-notice'
import {prepareOrFail} from './common'
import {UnlistedBanner} from './unlisted-banner'
import {DocTagLine} from './docs-tags'
import {buildToc} from '../portable-text/toc'
import {TableOfContents} from './toc'

export async function DocPage({context, data}: {context: SiteContext; data: DocPageData}) {
  const {t} = context
  const {doc, version} = data
  // A category's card says how many items it holds, as Docusaurus writes it under the title.
  const cards = data.cards.map((card) =>
    card.items === undefined || card.description ? card : {...card, description: context.plural('doc.categoryItems', card.items)},
  )
  const prepared = doc ? await prepareOrFail(doc.body, context, `doc ${version.path}/${doc.slug} (${context.locale})`, cards) : null
  const toc = prepared && doc ? buildToc(prepared.headings, doc.tocMinLevel ?? 2, doc.tocMaxLevel ?? 3) : []
  const englishHref = switchLocale(context.routing.locales, data.href, context.defaultLocale)
  const lastUpdated = doc ? doc.lastUpdatedAt || doc._updatedAt : null
  const editHref = doc
    ? editLinkFor(
        {_id: doc._id, _type: 'doc', sourcePath: doc.sourcePath, editPath: doc.editPath, customEditUrl: doc.customEditUrl, hideEditLink: doc.hideEditLink},
        context.settings.editUrl,
      )
    : null
  const title = doc ? doc.heading || doc.title : (data.generated?.title ?? '')
  const hasSidebar = data.sidebar.length > 0
  // hide_table_of_contents: no list and no column for it.
  const hasToc = doc?.hideTableOfContents !== true
  const layout = ['docs-layout', hasSidebar ? null : 'docs-layout-no-sidebar', hasToc ? null : 'docs-layout-no-toc'].filter(Boolean).join(' ')
  return (
    <div className={layout}>
      {hasSidebar ? (
        <nav className="docs-sidebar" aria-label={t('doc.sidebar')}>
          {/* On desktop the script below opens the disclosure before first paint (no layout shift) and its toggle is hidden, so the sidebar cannot be hidden there.
              On phones the page script moves the list into the mobile menu's secondary panel; without scripts the closed disclosure stays above the doc. */}
          <details className={CLASS.sidebarDisclosure} id={ID.docsSidebarDisclosure} suppressHydrationWarning>
            <summary className="sidebar-summary">{t('doc.sidebar')}</summary>
            <SidebarList items={data.sidebar} currentHref={data.href} menuSecondary />
          </details>
          <script dangerouslySetInnerHTML={{__html: SIDEBAR_OPEN_SCRIPT}} />
        </nav>
      ) : null}
      <main className="doc-main">
        {doc?.unlisted ? <UnlistedBanner context={context} /> : null}
        {version.banner && data.latestHref ? (
          <div className="version-banner" role="status">
            <p>{t(version.banner === 'unreleased' ? 'doc.unreleased' : 'doc.unmaintained', {site: context.siteTitle, version: version.label})}</p>
            <p>
              <a href={data.latestHref}>{t('doc.latestLink')}</a>
            </p>
          </div>
        ) : null}
        <nav className="breadcrumbs" aria-label={t('doc.breadcrumbs')}>
          <ol>
            <li>
              <a
                href={
                  context.docSlugs.get(version.path)?.has(version.mainDoc)
                    ? routeUrl(context.routing, {kind: 'docsHome', locale: context.locale, version: version.path})
                    : routeUrl(context.routing, {kind: 'home', locale: context.locale})
                }
              >
                {t('common.homePage')}
              </a>
            </li>
            {data.breadcrumbs.map((crumb, index) => (
              <li key={index}>{crumb.href ? <a href={crumb.href}>{crumb.label}</a> : crumb.label}</li>
            ))}
            <li aria-current="page">{doc ? doc.sidebarLabel || doc.title : title}</li>
          </ol>
        </nav>
        {/* As Docusaurus's default: a badge where the docs have more than one version (a docs set of its own counts its own). */}
        {context.versions.filter((candidate) => candidate.docsPath === version.docsPath).length > 1 ? (
          <span className="version-badge">{t('doc.versionBadge', {version: version.label})}</span>
        ) : null}
        {doc ? <TranslationNotice context={context} content={doc} sourceHref={englishHref} /> : null}
        <article className="doc-article">
          {/* hide_title: the page starts with its text; the title stays in <title>, the breadcrumbs and the sidebar. */}
          {doc?.hideTitle ? null : <h1>{title}</h1>}
          {prepared ? <PortableBody blocks={prepared.blocks} /> : <GeneratedIndex description={data.generated?.description ?? null} cards={cards} />}
          {doc?.tags ? <DocTagLine context={context} version={version} labels={doc.tags} /> : null}
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
            ) : (
              <span />
            )}
            {data.next ? (
              <a className="pagination-link pagination-next" href={data.next.href}>
                <span className="pagination-label">{t('doc.next')}</span>
                <span className="pagination-title">{data.next.label}</span>
              </a>
            ) : null}
          </nav>
        ) : null}
      </main>
      {hasToc ? (
        <aside className="doc-toc">
          <TableOfContents entries={toc} label={t('doc.toc')} />
        </aside>
      ) : null}
    </div>
  )
}

/** A category's generated index: its description and a card per item. */
function GeneratedIndex({description, cards}: {description: string | null; cards: DocPageData['cards']}) {
  return (
    <>
      {description ? <p className="generated-index-description">{description}</p> : null}
      <DocCards cards={cards} />
    </>
  )
}

function SidebarList({items, currentHref, menuSecondary = false}: {items: readonly SidebarItem[]; currentHref: string; menuSecondary?: boolean}) {
  return (
    <ul className="sidebar-list" {...{[DATA.menuSecondary]: menuSecondary ? '' : undefined}}>
      {items.map((item) => {
        switch (item.type) {
          case 'doc':
            return (
              <li key={item.key}>
                <a className="sidebar-link" href={item.href} aria-current={item.href === currentHref ? 'page' : undefined}>
                  {item.label}
                </a>
              </li>
            )
          case 'link':
            return (
              <li key={item.key}>
                <a className="sidebar-link" href={item.href} {...(/^https?:\/\//.test(item.href) ? {rel: 'noopener noreferrer', target: '_blank'} : {})}>
                  {item.label}
                </a>
              </li>
            )
          case 'html':
            return (
              <li
                key={item.key}
                className={item.className ? `sidebar-html ${item.className}` : 'sidebar-html'}
                dangerouslySetInnerHTML={{__html: sanitizeRawHtml(item.value)}}
              />
            )
          case 'category':
            return (
              <li key={item.key} className="sidebar-category">
                {item.href ? (
                  <a className="sidebar-category-label" href={item.href} aria-current={item.href === currentHref ? 'page' : undefined}>
                    {item.label}
                  </a>
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
