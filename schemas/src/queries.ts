/**
 * Every GROQ query of the site, in one place. Parameters are always passed as $params.
 * Translated documents are looked up in the reader's locale first, then in the default locale,
 * so that every route of every locale exists. Short labels come back as whole localeString
 * objects; the web picks the locale in its converters.
 */
import {defineQuery} from 'groq'

const imageFields = /* groq */ `
  "url": asset->url,
  "width": asset->metadata.dimensions.width,
  "height": asset->metadata.dimensions.height
`

const themedImageFields = /* groq */ `
  alt, caption,
  lightUrl, darkUrl, href, width, height,
  "light": light{${imageFields}},
  "dark": dark{${imageFields}}
`

/**
 * Bodies come back as stored: blocks nest to any depth (tabs in tabs, admonitions in details), which
 * a GROQ projection cannot follow, so image and file URLs are derived from their asset ids by the
 * web (as @sanity/image-url does), the same for the local dataset and for Sanity.
 */
const translationFields = /* groq */ `
  translation{
    sourceRevision,
    translatedAt,
    "source": source->{_id, _rev, _updatedAt, language, title, description, summary, body, sections}
  }
`

const navItemFields = /* groq */ `_key, _type, label, href, docSlug, sidebarId, value, position, ariaLabel, className, activeBasePath`

export const siteSettingsQuery = defineQuery(`*[_id == "siteSettings"][0]{
  title, tagline, url, editUrl, copyright, navbarTitle, defaultLocale, favicon,
  logo{${themedImageFields}},
  navbarItems[]{
    ${navItemFields},
    items[]{${navItemFields}},
    itemsBefore[]{${navItemFields}},
    itemsAfter[]{${navItemFields}},
    extraItems[]{${navItemFields}}
  },
  footerLinks[]{_key, title, items[]{${navItemFields}}},
  announcementBar{id, enabled, content, linkLabel, linkHref, backgroundColor, textColor, isCloseable},
  embedHosts,
  colorMode{defaultMode, respectPrefersColorScheme, disableSwitch},
  locales[]{code, label, direction, htmlLang, calendar, path},
  blog{path, postsPerPage, sidebarCount, showReadingTime, title, description, tags[]{label, permalink, description}},
  docsTags[]{label, permalink, description},
  search{contextualSearch, searchPagePath, indexName, suggestions, reportUrl}
}`)

/**
 * The site's theme (schemas/src/singletons/theme.ts): colours per colour mode, fonts, font files and
 * stylesheets, the rules of the site's classes. Null without the document: the site's own design.
 */
export const themeQuery = defineQuery(`*[_id == "theme"][0]{
  light, dark, footerStyle, fonts{base, headings, monospace}, codeFontSize, fontStylesheets,
  fontFaces[]{family, sources[]{url, format}, weight, style, display, unicodeRange},
  classRules[]{selector, declarations[]{property, value}}
}`)

/** The locales of the site and its default one: what routes, builds and the studio address content by. */
export const localeTableQuery = defineQuery(`*[_id == "siteSettings"][0]{
  defaultLocale,
  locales[]{code, label, direction, htmlLang, calendar, path}
}`)

/** What parsing a URL needs to know of the content: locales, where the docs are served and their version paths (and whether each has its main doc, which is the home with docs at the site root), whether there is a changelog, the pages' paths (which, with docs at the site root, tell a page from a doc) and the versions whose docs have tags (which have /tags pages). */
export const routingTableQuery = defineQuery(`{
  "settings": *[_id == "siteSettings"][0]{defaultLocale, locales[]{code, label, direction, htmlLang, calendar, path}, docsPath, "blogPath": blog.path},
  "versions": *[_type == "docsVersion"] | order(order asc){path, urlPath, docsPath, "hasMainDoc": count(*[_type == "doc" && version == ^.path && slug == coalesce(^.mainDoc, "index")]) > 0},
  "hasReleases": count(*[_type == "release"]) > 0,
  "pagePaths": *[_type == "page" && defined(path)].path,
  "docTagVersions": array::unique(*[_type == "doc" && count(tags) > 0].version)
}`)

export const uiStringsQuery = defineQuery(`*[_type == "uiStrings" && language in [$locale, $defaultLocale]]{
  language,
  messages[]{key, value}
}`)

/** The search synonyms of a locale (schemas/src/documents/search-synonyms.ts); none is fine. */
export const searchSynonymsQuery = defineQuery(`*[_type == "searchSynonyms" && language == $locale][0]{
  _id, language, entries[]{_key, root, synonyms}
}`)

export const docsVersionsQuery = defineQuery(`*[_type == "docsVersion"] | order(order asc){
  path, urlPath, docsPath, label, labels, name, isLast, order, mainDoc, banner
}`)

/** Every doc route: docs exist in the default locale, and every locale shows each of them. */
export const docRoutesQuery = defineQuery(`*[_type == "doc" && language == $defaultLocale] | order(version asc, slug asc){
  version, slug
}`)

/** The docs of one version in one locale with what navigation needs, default-locale docs included. */
export const docsNavigationQuery = defineQuery(`*[_type == "doc" && version == $version && language in [$locale, $defaultLocale]]{
  _id, slug, language, title, description, sidebarLabel, paginationLabel, sidebarPosition, "unlisted": unlisted == true, tags,
  "headings": body[_type == "heading" || style in ["h2", "h3"]]{_key, _type, style, level, text, anchor, "plain": pt::text(@)}
}`)

export const docQuery = defineQuery(`coalesce(
  *[_type == "doc" && version == $version && slug == $slug && language == $locale][0],
  *[_type == "doc" && version == $version && slug == $slug && language == $defaultLocale][0]
){
  _id, _rev, _updatedAt, title, heading, description, keywords, version, slug, language,
  sidebarLabel, tocMinLevel, tocMaxLevel, lastUpdatedAt, sourcePath, tags,
  editPath, customEditUrl, displayedSidebar,
  "unlisted": unlisted == true, "hideTitle": hideTitle == true, "hideTableOfContents": hideTableOfContents == true,
  "hideSidebar": hideSidebar == true, "hideEditLink": hideEditLink == true,
  "paginationPrev": paginationPrev{mode, "slug": doc->slug, "version": doc->version},
  "paginationNext": paginationNext{mode, "slug": doc->slug, "version": doc->version},
  body,
  ${translationFields}
}`)

const sidebarLeafFields = /* groq */ `_key, _type, label, href, value, collapsed, className, generatedIndex{slug, title, description}, "docSlug": doc->slug, "linkDocSlug": linkDoc->slug`

/** Sidebars nest categories; the query follows them six levels deep, more than Docusaurus sites use. */
export const sidebarsQuery = defineQuery(`*[_type == "sidebar" && version == $version] | order(sidebarId asc){
  sidebarId,
  items[]{
    ${sidebarLeafFields},
    items[]{
      ${sidebarLeafFields},
      items[]{
        ${sidebarLeafFields},
        items[]{
          ${sidebarLeafFields},
          items[]{
            ${sidebarLeafFields},
            items[]{${sidebarLeafFields}}
          }
        }
      }
    }
  }
}`)

/** An author in the reader's locale (its translation's name, role and description when it has one). */
const authorFields = /* groq */ `key,
    "name": coalesce(translations[language == $locale][0].name, name),
    "title": coalesce(translations[language == $locale][0].title, title),
    "description": coalesce(translations[language == $locale][0].description, description),
    url, email, "imageUrl": coalesce(image.asset->url, imageUrl),
    "socials": socials[]{platform, url},
    listed, position, page, permalink`

/** Every author, in the order of the authors page: by position, then by name. */
export const blogAuthorsQuery = defineQuery(`*[_type == "author"] | order(coalesce(position, 1000000) asc, name asc){
  ${authorFields}
}`)

/**
 * All posts, newest first, each in the reader's locale when translated: what lists, sidebars and
 * neighbour links show. The bodies and translation states are read post by post (blogPostTextQuery),
 * so that a change to one post's text re-renders the pages that show that text, not every page that
 * lists posts.
 */
export const blogPostsQuery = defineQuery(`*[_type == "blogPost" && language == $defaultLocale] | order(date desc, sourcePath asc, slug asc){
  slug,
  date,
  "post": coalesce(*[_type == "blogPost" && slug == ^.slug && language == $locale][0], @){
    _id, title, description, language, tags, sourcePath, "unlisted": unlisted == true,
    authors[]->{${authorFields}}
  }
}`)

/** One post's body and translation state, from the document blogPostsQuery picks for the slug in the locale. */
export const blogPostTextQuery = defineQuery(`coalesce(
  *[_type == "blogPost" && slug == $slug && language == $locale][0],
  *[_type == "blogPost" && slug == $slug && language == $defaultLocale][0]
){
  language,
  body,
  ${translationFields}
}`)

/**
 * Every release, newest first, each in the reader's locale when translated: what the changelog lists.
 * A release's body and translation state are read by its own page only (releaseTextQuery).
 */
export const releasesQuery = defineQuery(`*[_type == "release" && language == $defaultLocale] | order(date desc, version desc){
  version,
  date,
  "release": coalesce(*[_type == "release" && version == ^.version && language == $locale][0], @){
    _id, title, summary, language, diffUrl, sourcePath
  }
}`)

/** One release's body and translation state, from the document releasesQuery picks for the version in the locale. */
export const releaseTextQuery = defineQuery(`coalesce(
  *[_type == "release" && version == $version && language == $locale][0],
  *[_type == "release" && version == $version && language == $defaultLocale][0]
){
  language,
  body,
  ${translationFields}
}`)

export const pageRoutesQuery = defineQuery(`*[_type == "page" && language == $defaultLocale] | order(path asc){
  path, section, position,
  "title": coalesce(*[_type == "page" && path == ^.path && language == $locale][0].title, title),
  "unlisted": coalesce(*[_type == "page" && path == ^.path && language == $locale][0].unlisted, unlisted) == true
}`)

export const pageQuery = defineQuery(`coalesce(
  *[_type == "page" && path == $path && language == $locale][0],
  *[_type == "page" && path == $path && language == $defaultLocale][0]
){
  _id, _rev, _updatedAt, title, heading, description, path, section, language, lastUpdatedAt, sourcePath,
  "unlisted": unlisted == true, "hideTitle": hideTitle == true,
  body,
  ${translationFields}
}`)

/** Every file served from the site root (Docusaurus's static folder), with its asset. */
export const staticFilesQuery = defineQuery(`*[_type == "staticFile"] | order(path asc){path, "asset": file.asset->{_id, url, originalFilename}}`)

/** The link checks of the build (what a broken link, anchor or markdown link does). */
export const linkChecksQuery = defineQuery(`*[_id == "siteSettings"][0].linkChecks{onBrokenLinks, onBrokenAnchors, onBrokenMarkdownLinks}`)

export const homePageQuery = defineQuery(`coalesce(
  *[_type == "homePage" && language == $locale][0],
  *[_type == "homePage" && language == $defaultLocale][0]
){
  _id, title, description, language,
  sections[]{
    ...,
    _type == "homeSponsors" => {sponsors[]{_key, name, url, logoUrl, "logo": logo{${imageFields}}}}
  },
  ${translationFields}
}`)

/**
 * Everything search indexes in one locale, translated documents falling back to the default
 * locale like the pages do, so that the records match what each URL shows.
 */
export const searchDocumentsQuery = defineQuery(`{
  "docsPath": *[_id == "siteSettings"][0].docsPath,
  "blogPath": *[_id == "siteSettings"][0].blog.path,
  "versions": *[_type == "docsVersion"] | order(order asc){path, urlPath, docsPath, "label": coalesce(labels[language == $locale][0].value, label), isLast, mainDoc},
  "docs": *[_type == "doc" && language == $defaultLocale] | order(version asc, slug asc){
    version, slug,
    "doc": coalesce(*[_type == "doc" && version == ^.version && slug == ^.slug && language == $locale][0], @){
      _id, _rev, title, description, keywords, language, "unlisted": unlisted == true, body
    }
  },
  "posts": *[_type == "blogPost" && language == $defaultLocale] | order(date desc, sourcePath asc, slug asc){
    slug, date,
    "post": coalesce(*[_type == "blogPost" && slug == ^.slug && language == $locale][0], @){
      _id, _rev, title, description, tags, language, "unlisted": unlisted == true, body
    }
  },
  "pages": *[_type == "page" && language == $defaultLocale] | order(path asc){
    path,
    "page": coalesce(*[_type == "page" && path == ^.path && language == $locale][0], @){
      _id, _rev, title, description, language, "unlisted": unlisted == true, body
    }
  },
  "releases": *[_type == "release" && language == $defaultLocale] | order(date desc, version desc){
    version,
    "release": coalesce(*[_type == "release" && version == ^.version && language == $locale][0], @){
      _id, _rev, title, summary, language, body
    }
  }
}`)

/** The redirects from old addresses (client-redirects plugin, or made in the studio): written as pages and as nginx's 301s. */
export const redirectsQuery = defineQuery(`*[_type == "redirect" && defined(from) && defined(to)] | order(from asc){_id, from, to}`)
