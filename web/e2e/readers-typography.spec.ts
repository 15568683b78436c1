/**
 * French typography in Chromium: every string the site composes on French pages (page titles,
 * navbar, badges, notices, post metadata, labels for screen readers) has a narrow no-break space
 * (U+202F) before : ; ! ? and inside « »; counts go through the locale's plural rules.
 */
import {expect, test, type Page} from '@playwright/test'
import {blogAuthors, findDoc} from './content'
import {e2eSkipReason} from './environment'
import {open} from './hydrated'

const skipReason = e2eSkipReason()
const NNBSP = '\u202F'

/**
 * The site's own strings on the page: its frame and what it writes around the content (badges,
 * notices, labels, post metadata), and the labels it gives screen readers. Titles of documents
 * written by editors are theirs, not composed by the site, and are left out.
 */
async function composedStrings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const composed = [
      'header.navbar',
      'footer.footer',
      '.breadcrumbs li:first-child',
      '.version-badge',
      '.version-banner',
      '.translation-notice',
      '.post-meta > time',
      '.post-meta > span',
      '.post-tags',
      '.last-updated',
      '.pagination-label',
      '.pagination-nav > a:not(:has(.pagination-title))',
      '.toc-title',
      '.blog-sidebar-title',
      '.skip-link',
      '.code-copy',
      '.admonition-title',
      '.home-feeds',
      '.home-posts-links',
    ]
    const texts: string[] = []
    for (const element of document.querySelectorAll<HTMLElement>(composed.join(', '))) texts.push(element.textContent ?? '')
    // Labels that quote a post's title ("Lire la suite de …") quote the editor's words after the site's.
    for (const element of document.querySelectorAll('[aria-label]:not(.read-more a)')) texts.push(element.getAttribute('aria-label') ?? '')
    return texts.map((text) => text.replace(/\s+/g, (space) => (space.includes('\u202F') ? '\u202F' : ' ')).trim()).filter(Boolean)
  })
}

/** Places where French wants a narrow no-break space and has something else (or nothing). */
function badSpacing(text: string): string[] {
  const problems: string[] = []
  for (const match of text.matchAll(/(\S)( |\u00A0)?([:;!?])(?=\s|$)/gu)) {
    if (match[1] !== '\u202F' && !/[:;!?]/.test(match[1] ?? '')) problems.push(`“${text.slice(Math.max(0, (match.index ?? 0) - 20), (match.index ?? 0) + 4)}”`)
  }
  if (/«(?!\u202F)|(?<!\u202F)»/.test(text)) problems.push(`guillemets in “${text}”`)
  return problems
}

test.describe('French typography', () => {
  test.skip(Boolean(skipReason), skipReason)

  test('a release page’s title reads “Journal des modifications : …” with a narrow no-break space', async ({page}) => {
    await open(page, '/fr/docs/v4/changelog/4.8.0/')
    expect(await page.title()).toMatch(new RegExp(`^Journal des modifications${NNBSP}: `))
  })

  test('the version badge and the untranslated-page notice are spaced the French way', async ({page}) => {
    await open(page, '/fr/docs/v4/rooms/')
    await expect(page.locator('.version-badge')).toHaveText(`Version${NNBSP}: 4.x`)
    const untranslated = ['listening-to-events', 'emitting-events', 'server-api', 'rooms'].find((slug) => !findDoc('fr', slug))
    if (!untranslated) throw new Error('every candidate doc is translated: pick one without a French file')
    await open(page, `/fr/docs/v4/${untranslated}/`)
    await expect(page.locator('.translation-notice')).toContainText(`traduite${NNBSP}: vous lisez`)
  })

  for (const path of [
    '/fr/',
    '/fr/docs/v4/rooms/',
    '/fr/docs/v3/rooms/',
    '/fr/docs/v4/listening-to-events/',
    '/fr/blog',
    '/fr/blog/socket-io-4-8-preview/',
    '/fr/blog/archive',
    '/fr/docs/v4/changelog/4.8.0/',
    '/fr/search?q=room',
  ]) {
    test(`${path}: every string the site composes has narrow no-break spaces before : ; ! ? and inside « »`, async ({page}) => {
      await open(page, path)
      const problems = (await composedStrings(page)).flatMap(badSpacing)
      expect(problems, problems.join('\n')).toEqual([])
    })
  }

  test('posts on French pages name their authors and roles in French, from the French authors file', async ({page}) => {
    const english = new Map(blogAuthors().map((author) => [author.key, author]))
    const french = blogAuthors('fr')
    // Only a test where the content has French: authors whose French role differs from the English one.
    const translated = french.filter((author) => author.title && author.title !== english.get(author.key)?.title)
    expect(translated.length, 'content/i18n/fr/docusaurus-plugin-content-blog/authors.yml translates the roles').toBeGreaterThan(0)
    await open(page, '/fr/blog')
    const byline = page.locator('.post-authors')
    await expect(byline.first()).toBeVisible()
    const text = (await byline.allTextContents()).join('\n')
    for (const author of english.values()) {
      expect(text, `the English role of ${author.key}`).not.toContain(author.title ?? '\u0000')
      expect(text, `the English name of ${author.key}`).not.toContain(`${author.name} (`)
    }
    expect(
      translated.some((author) => text.includes(`${author.name} (${author.title})`)),
      text,
    ).toBe(true)
    await open(page, '/blog')
    const englishText = (await page.locator('.post-authors').allTextContents()).join('\n')
    expect(
      [...english.values()].some((author) => englishText.includes(`${author.name} (${author.title})`)),
      englishText,
    ).toBe(true)
  })

  test('English pages keep English spacing', async ({page}) => {
    await open(page, '/docs/v4/rooms/')
    await expect(page.locator('.version-badge')).toHaveText('Version: 4.x')
    await open(page, '/docs/v4/changelog/4.8.0/')
    expect(await page.title()).toMatch(/^Changelog: /)
  })
})
