/**
 * The catalogue of interface messages: every key the site uses, its English text, what it is for,
 * and the Docusaurus translation id it replaces (so that an imported i18n/<locale>/code.json keeps
 * its translations). Placeholders are {name}; a message with a count is a plural message: its forms
 * are separated by "|" in CLDR order of the locale's Intl.PluralRules categories (en: one|other;
 * fr, pt-br: one|many|other; ru: one|few|many|other; ja, ko, zh: a single form).
 */

export interface UiMessageDefinition {
  message: string
  description: string
  docusaurusId?: string
  /** Ids earlier Docusaurus versions gave the same message (a code.json written by them is read too; docusaurusId wins). */
  docusaurusIdAliases?: readonly string[]
  /**
   * How the Docusaurus message's placeholders become ours, where they differ: a name (its
   * {readingTime} is our {count}), or another Docusaurus message of the same code.json written in its
   * place ({atDate} is theme.lastUpdated.atDate's text; a plural one makes the result plural), or
   * fixed text ('' drops a part this site does not show).
   */
  docusaurusPlaceholders?: Readonly<Record<string, DocusaurusPlaceholder>>
  /** A plural message: "|"-separated forms, one per plural category of the locale, chosen by {count}. */
  plural?: true
}

export type DocusaurusPlaceholder = string | {message: string; plural?: true} | {text: string}

const messages = {
  'common.skipToContent': {
    message: 'Skip to main content',
    description: 'First link of every page, for keyboard users',
    docusaurusId: 'theme.common.skipToMainContent',
  },
  'common.loading': {message: 'Loading…', description: 'Shown while something loads on demand'},
  'common.loadError': {message: 'This part of the page could not be loaded.', description: 'When something loaded on demand fails'},
  'common.retry': {message: 'Retry', description: 'Button that tries a failed load again', docusaurusId: 'theme.Loading.retry'},
  'common.close': {message: 'Close', description: 'Label of close buttons', docusaurusId: 'theme.AnnouncementBar.closeButtonAriaLabel'},
  'common.homePage': {message: 'Home page', description: 'Breadcrumb home link label', docusaurusId: 'theme.docs.breadcrumbs.home'},
  'common.externalLink': {message: '(opens in a new tab)', description: 'Appended for screen readers to links that open elsewhere'},
  'common.labelValue': {
    message: '{label}: {value}',
    description: 'A label and what it introduces, as in a page title “Changelog: 4.8.0” (keep the language’s punctuation)',
  },

  'nav.toggleMenu': {message: 'Open the navigation menu', description: 'Mobile menu button', docusaurusId: 'theme.docs.sidebar.toggleSidebarButtonAriaLabel'},
  'nav.closeMenu': {
    message: 'Close the navigation menu',
    description: 'Mobile menu close button',
    docusaurusId: 'theme.docs.sidebar.closeSidebarButtonAriaLabel',
  },
  'nav.backToMainMenu': {
    message: '← Back to main menu',
    description: 'Mobile menu: back from the docs sidebar',
    docusaurusId: 'theme.navbar.mobileSidebarSecondaryMenu.backButtonLabel',
  },
  'nav.mainLabel': {message: 'Main', description: 'aria-label of the navbar', docusaurusId: 'theme.NavBar.navAriaLabel'},
  'nav.languages': {message: 'Languages', description: 'Language dropdown label on mobile', docusaurusId: 'theme.navbar.mobileLanguageDropdown.label'},
  'nav.versions': {message: 'Versions', description: 'Version dropdown label on mobile', docusaurusId: 'theme.navbar.mobileVersionsDropdown.label'},

  'colorMode.toggle': {
    message: 'Switch between dark and light mode (currently {mode})',
    description: 'Colour mode button',
    docusaurusId: 'theme.colorToggle.ariaLabel',
  },
  'colorMode.light': {message: 'light mode', description: 'Name of the light mode', docusaurusId: 'theme.colorToggle.ariaLabel.mode.light'},
  'colorMode.dark': {message: 'dark mode', description: 'Name of the dark mode', docusaurusId: 'theme.colorToggle.ariaLabel.mode.dark'},

  'code.copy': {message: 'Copy', description: 'Code block copy button', docusaurusId: 'theme.CodeBlock.copy'},
  'code.copied': {message: 'Copied', description: 'Code block copy button after copying', docusaurusId: 'theme.CodeBlock.copied'},
  'code.copyLabel': {message: 'Copy code to clipboard', description: 'aria-label of the copy button', docusaurusId: 'theme.CodeBlock.copyButtonAriaLabel'},

  'admonition.note': {message: 'note', description: 'Admonition title', docusaurusId: 'theme.admonition.note'},
  'admonition.tip': {message: 'tip', description: 'Admonition title', docusaurusId: 'theme.admonition.tip'},
  'admonition.info': {message: 'info', description: 'Admonition title', docusaurusId: 'theme.admonition.info'},
  'admonition.warning': {message: 'warning', description: 'Admonition title', docusaurusId: 'theme.admonition.warning'},
  'admonition.caution': {message: 'caution', description: 'Admonition title', docusaurusId: 'theme.admonition.caution'},
  'admonition.danger': {message: 'danger', description: 'Admonition title', docusaurusId: 'theme.admonition.danger'},
  'footnotes.heading': {message: 'Footnotes', description: 'Heading of the notes at the end of a page, read by screen readers only'},
  'footnotes.back': {
    message: 'Back to reference {reference}',
    description: 'aria-label of the link from a footnote back to where it is referenced ({reference}: 1, or 1-2 for its second use)',
  },

  'doc.toc': {message: 'On this page', description: 'Table of contents heading', docusaurusId: 'theme.TOCCollapsible.toggleButtonLabel'},
  'doc.editPage': {message: 'Edit this page', description: 'Link to the page’s source', docusaurusId: 'theme.common.editThisPage'},
  'doc.lastUpdated': {
    message: 'Last updated on {date}',
    description: 'Footer of a doc',
    docusaurusId: 'theme.lastUpdated.lastUpdatedAtBy',
    docusaurusPlaceholders: {atDate: {message: 'theme.lastUpdated.atDate'}, byUser: {text: ''}},
  },
  'doc.previous': {message: 'Previous', description: 'Pagination to the previous doc', docusaurusId: 'theme.docs.paginator.previous'},
  'doc.next': {message: 'Next', description: 'Pagination to the next doc', docusaurusId: 'theme.docs.paginator.next'},
  'doc.pagination': {message: 'Docs pages', description: 'aria-label of the doc pagination', docusaurusId: 'theme.docs.paginator.navAriaLabel'},
  'doc.sidebar': {message: 'Docs sidebar', description: 'aria-label of the docs sidebar', docusaurusId: 'theme.docs.sidebar.navAriaLabel'},
  'doc.taggedDocs': {
    message: 'One doc tagged with “{tag}”|{count} docs tagged with “{tag}”',
    description: 'Heading of a docs tag’s page (/docs/tags/{tag}), plural forms',
    docusaurusId: 'theme.docs.tagDocListPageTitle',
    docusaurusPlaceholders: {nDocsTagged: {message: 'theme.docs.tagDocListPageTitle.nDocsTagged', plural: true}, tagName: 'tag'},
    plural: true,
  },
  'doc.categoryItems': {
    message: '{count} item|{count} items',
    description: 'A category’s card in a category’s page list: how many pages and categories it holds, plural forms',
    docusaurusId: 'theme.docs.DocCard.categoryDescription.plurals',
    docusaurusIdAliases: ['theme.docs.DocCard.categoryDescription'],
    plural: true,
  },
  'doc.breadcrumbs': {message: 'Breadcrumbs', description: 'aria-label of the breadcrumbs', docusaurusId: 'theme.docs.breadcrumbs.navAriaLabel'},
  'doc.versionBadge': {
    message: 'Version: {version}',
    description: 'Badge above a doc title',
    docusaurusId: 'theme.docs.versionBadge.label',
    docusaurusPlaceholders: {versionLabel: 'version'},
  },
  'doc.unmaintained': {
    message: 'This is the documentation of {site} {version}, which is no longer actively maintained.',
    description: 'Banner on older versions',
    docusaurusId: 'theme.docs.versions.unmaintainedVersionLabel',
    docusaurusPlaceholders: {siteTitle: 'site', versionLabel: 'version'},
  },
  'doc.unreleased': {
    message: 'This is the documentation of {site} {version}, which is not released yet.',
    description: 'Banner on a version newer than the latest (Docusaurus’s current docs)',
    docusaurusId: 'theme.docs.versions.unreleasedVersionLabel',
    docusaurusPlaceholders: {siteTitle: 'site', versionLabel: 'version'},
  },
  'doc.latestLink': {
    message: 'Read the latest version of this page',
    description: 'Link of the older-version banner',
    docusaurusId: 'theme.docs.versions.latestVersionLinkLabel',
  },

  'translation.missing': {
    message: 'This page is not translated yet: you are reading the English version.',
    description: 'Notice on a page shown in English under another locale',
  },
  'translation.stale': {message: 'The original of this page has changed since it was translated.', description: 'Notice on a stale translation'},
  'translation.readSource': {message: 'Read the original', description: 'Link from a stale translation to its source'},

  'unlisted.title': {
    message: 'Unlisted page',
    description: 'Heading of the notice on a page that is not listed (unlisted: true)',
    docusaurusId: 'theme.contentVisibility.unlistedBanner.title',
    docusaurusIdAliases: ['theme.unlistedContent.title'],
  },
  'unlisted.message': {
    message: 'This page is not listed anywhere on the site: search engines leave it out, and only readers who have its address can open it.',
    description: 'Text of the notice on a page that is not listed',
    docusaurusId: 'theme.contentVisibility.unlistedBanner.message',
    docusaurusIdAliases: ['theme.unlistedContent.message'],
  },

  'blog.title': {message: 'Blog', description: 'Title of the blog list', docusaurusId: 'theme.blog.title'},
  'blog.description': {message: 'News, releases and stories from {site}', description: 'Meta description of the blog list'},
  'blog.readMore': {message: 'Read more', description: 'Link from a blog preview to the post', docusaurusId: 'theme.blog.post.readMore'},
  'blog.readMoreAbout': {message: 'Read more about {title}', description: 'aria-label of the read-more link', docusaurusId: 'theme.blog.post.readMoreLabel'},
  'blog.readingTime': {
    message: 'One min read|{count} min read',
    description: 'Reading time, plural forms',
    docusaurusId: 'theme.blog.post.readingTime.plurals',
    docusaurusPlaceholders: {readingTime: 'count'},
    plural: true,
  },
  'blog.newerEntries': {message: 'Newer entries', description: 'Blog list pagination', docusaurusId: 'theme.blog.paginator.newerEntries'},
  'blog.olderEntries': {message: 'Older entries', description: 'Blog list pagination', docusaurusId: 'theme.blog.paginator.olderEntries'},
  'blog.listPagination': {
    message: 'Blog list page navigation',
    description: 'aria-label of the blog list pagination',
    docusaurusId: 'theme.blog.paginator.navAriaLabel',
  },
  'blog.pageTitle': {message: 'Blog, page {page}', description: 'Title of blog list pages after the first'},
  'blog.newerPost': {message: 'Newer post', description: 'Blog post pagination', docusaurusId: 'theme.blog.post.paginator.newerPost'},
  'blog.olderPost': {message: 'Older post', description: 'Blog post pagination', docusaurusId: 'theme.blog.post.paginator.olderPost'},
  'blog.postPagination': {
    message: 'Blog post page navigation',
    description: 'aria-label of the post pagination',
    docusaurusId: 'theme.blog.post.paginator.navAriaLabel',
  },
  'blog.recentPosts': {message: 'Recent posts', description: 'Blog sidebar heading', docusaurusId: 'theme.blog.sidebar.navAriaLabel'},
  'blog.archive': {message: 'Archive', description: 'Title of the blog archive', docusaurusId: 'theme.blog.archive.title'},
  'blog.archiveDescription': {
    message: 'Every post, grouped by year',
    description: 'Description of the blog archive',
    docusaurusId: 'theme.blog.archive.description',
  },
  'blog.archiveYears': {
    message: 'Posts by year',
    description: 'Heading of the blog archive’s years, read by screen readers only (Docusaurus shows the years as h3 right under the title)',
  },
  'blog.tags': {message: 'Tags:', description: 'Before the tags of a post', docusaurusId: 'theme.tags.tagsListLabel'},
  'blog.allTags': {message: 'Tags', description: 'Title of the page listing every tag of the blog', docusaurusId: 'theme.tags.tagsPageTitle'},
  'blog.taggedPosts': {
    message: 'One post tagged with “{tag}”|{count} posts tagged with “{tag}”',
    description: 'Heading of a tag’s page, plural forms',
    docusaurusId: 'theme.blog.tagTitle',
    docusaurusPlaceholders: {nPosts: {message: 'theme.blog.post.plurals', plural: true}, tagName: 'tag'},
    plural: true,
  },
  'blog.viewAllTags': {message: 'View all tags', description: 'Link from a tag’s page to the list of tags', docusaurusId: 'theme.tags.tagsPageLink'},
  'blog.authors': {message: 'Authors', description: 'Title of the page listing the blog’s authors', docusaurusId: 'theme.blog.authorsList.pageTitle'},
  'blog.viewAllAuthors': {
    message: 'View all authors',
    description: 'Link from an author’s page to the list of authors',
    docusaurusId: 'theme.blog.authorsList.viewAll',
  },
  'blog.authorNoPosts': {
    message: 'No posts by this author yet.',
    description: 'Author page of an author without posts',
    docusaurusId: 'theme.blog.author.noPosts',
  },
  'blog.postCount': {
    message: '{count} post|{count} posts',
    description: 'Number of posts of an author, plural forms; every form shows the number, as the authors page does',
    plural: true,
  },
  'blog.authorPageTitle': {message: '{name} ({posts})', description: 'Browser title of an author’s page ({posts} is the number of posts, e.g. “3 posts”)'},
  'blog.authorLinks': {message: 'Links of {name}', description: 'aria-label of an author’s social links'},
  'blog.email': {message: 'Email', description: 'Label of an author’s email link'},
  'blog.by': {message: 'By {authors}', description: 'Authors of a post'},
  'blog.allPosts': {message: 'All posts', description: 'Home page: link from the latest posts to the blog'},
  'blog.feeds': {message: 'Feeds', description: 'Home page: before the RSS and Atom links of the blog'},

  'changelog.title': {message: 'Changelog', description: 'Title of the changelog'},
  'changelog.description': {message: 'Every release of {site}, newest first', description: 'Description of the changelog'},
  'changelog.releasedOn': {message: 'Released on {date}', description: 'Date line of a release'},
  'changelog.compare': {message: 'Compare with the previous release', description: 'Link to a release’s diff'},

  'notFound.title': {message: 'Page Not Found', description: 'Title of the not-found page', docusaurusId: 'theme.NotFound.title'},
  'notFound.p1': {message: 'There is nothing at this address.', description: 'First paragraph of the not-found page', docusaurusId: 'theme.NotFound.p1'},
  'notFound.p2': {
    message: 'If a link brought you here, please tell the owner of the site it came from that the link is broken.',
    description: 'Second paragraph of the not-found page',
    docusaurusId: 'theme.NotFound.p2',
  },
  'notFound.home': {message: 'Go to the home page', description: 'Link on the not-found page'},

  'error.crashed': {message: 'This page crashed.', description: 'Title of the crash fallback', docusaurusId: 'theme.ErrorPageContent.title'},
  'error.tryAgain': {message: 'Try again', description: 'Button of the crash fallback', docusaurusId: 'theme.ErrorPageContent.tryAgain'},
  'error.cause': {message: 'Cause', description: 'Before each error of the chain', docusaurusId: 'theme.ErrorPageContent.causedBy'},
  'error.baseUrl': {
    message: 'This site did not load properly: its base URL does not match the address it is served from ({expected} expected).',
    description: 'Home page banner when the base URL is wrong',
    docusaurusId: 'theme.BaseUrlIssueBanner.title',
  },

  'search.button': {message: 'Search', description: 'Search button in the navbar', docusaurusId: 'theme.SearchBar.label'},
  'search.placeholder': {message: 'Search the docs', description: 'Search input placeholder', docusaurusId: 'theme.SearchModal.placeholder'},
  'search.clear': {message: 'Clear the query', description: 'Search input reset button', docusaurusId: 'theme.SearchModal.searchBox.resetButtonTitle'},
  'search.cancel': {message: 'Cancel', description: 'Closes the search modal', docusaurusId: 'theme.SearchModal.searchBox.cancelButtonText'},
  'search.recent': {message: 'Recent', description: 'Heading of recent searches', docusaurusId: 'theme.SearchModal.startScreen.recentSearchesTitle'},
  'search.noRecent': {message: 'No recent searches', description: 'Empty recent searches', docusaurusId: 'theme.SearchModal.startScreen.noRecentSearchesText'},
  'search.removeRecent': {
    message: 'Remove this search from history',
    description: 'Button on a recent search',
    docusaurusId: 'theme.SearchModal.startScreen.removeRecentSearchButtonTitle',
  },
  'search.errorTitle': {message: 'Unable to fetch results', description: 'Search backend failed', docusaurusId: 'theme.SearchModal.errorScreen.titleText'},
  'search.errorHelp': {
    message: 'You might want to check your network connection.',
    description: 'Search backend failed',
    docusaurusId: 'theme.SearchModal.errorScreen.helpText',
  },
  'search.noResults': {
    message: 'No results for',
    description: 'Before the query when nothing matches',
    docusaurusId: 'theme.SearchModal.noResultsScreen.noResultsText',
  },
  'search.trySearching': {
    message: 'Try searching for',
    description: 'Before suggested queries',
    docusaurusId: 'theme.SearchModal.noResultsScreen.suggestedQueryText',
  },
  'search.reportMissing': {
    message: 'Believe this query should return results?',
    description: 'Before the report link',
    docusaurusId: 'theme.SearchModal.noResultsScreen.reportMissingResultsText',
  },
  'search.reportLink': {message: 'Let us know.', description: 'Report link', docusaurusId: 'theme.SearchModal.noResultsScreen.reportMissingResultsLinkText'},
  'search.seeAll': {
    message: 'See {count} result|See all {count} results',
    description: 'Link from the modal to the search page, plural forms',
    docusaurusId: 'theme.SearchBar.seeAll',
    plural: true,
  },
  'search.toSelect': {message: 'to select', description: 'Modal footer key hint', docusaurusId: 'theme.SearchModal.footer.selectText'},
  'search.toNavigate': {message: 'to navigate', description: 'Modal footer key hint', docusaurusId: 'theme.SearchModal.footer.navigateText'},
  'search.toClose': {message: 'to close', description: 'Modal footer key hint', docusaurusId: 'theme.SearchModal.footer.closeText'},
  'search.pageTitle': {
    message: 'Search results for “{query}”',
    description: 'Search page title with a query',
    docusaurusId: 'theme.SearchPage.existingResultsTitle',
  },
  'search.pageTitleEmpty': {
    message: 'Search the documentation',
    description: 'Search page title without a query',
    docusaurusId: 'theme.SearchPage.emptyResultsTitle',
  },
  'search.resultCount': {
    message: 'One document found|{count} documents found',
    description: 'Search page count, plural forms',
    docusaurusId: 'theme.SearchPage.documentsFound.plurals',
    plural: true,
  },
  'search.loadingMore': {message: 'Fetching more results…', description: 'Search page infinite scroll', docusaurusId: 'theme.SearchPage.fetchingNewResults'},
  'search.versionFacet': {message: 'Version', description: 'Search page version filter'},
  'search.allVersions': {message: 'All versions', description: 'Search page version filter, no filter'},
  'search.dialogLabel': {message: 'Search the site', description: 'aria-label of the search dialog'},
} satisfies Record<string, UiMessageDefinition>

export type UiMessageKey = keyof typeof messages
export const UI_MESSAGES: Record<UiMessageKey, UiMessageDefinition> = messages
export const UI_MESSAGE_KEYS = Object.keys(messages) as UiMessageKey[]

/** Docusaurus translation id (and the ids earlier versions used) → our key, for the importer. */
export const UI_MESSAGE_KEY_BY_DOCUSAURUS_ID: ReadonlyMap<string, UiMessageKey> = new Map(
  UI_MESSAGE_KEYS.flatMap((key) => {
    const {docusaurusId, docusaurusIdAliases = []} = UI_MESSAGES[key]
    return docusaurusId ? [docusaurusId, ...docusaurusIdAliases].map((id) => [id, key] as const) : []
  }),
)

/** The {placeholders} of a message, each once, in order of first use. */
export function messagePlaceholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string))]
}

/** Placeholders of a translation that its key's message does not have: they would show as written. */
export function unknownPlaceholders(key: UiMessageKey, value: string): string[] {
  const known = new Set(messagePlaceholders(UI_MESSAGES[key].message))
  return messagePlaceholders(value).filter((name) => !known.has(name))
}
