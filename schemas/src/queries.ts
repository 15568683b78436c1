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
  "light": light{${imageFields}},
  "dark": dark{${imageFields}}
`

// Blocks that may appear inside admonitions and tab panels.
const nestedBodyFields = /* groq */ `
  ...,
  _type == "themedImage" => {${themedImageFields}}
`

const bodyFields = /* groq */ `
  ...,
  _type == "themedImage" => {${themedImageFields}},
  _type == "admonition" => {body[]{${nestedBodyFields}}},
  _type == "tabs" => {panels[]{..., body[]{${nestedBodyFields}}}}
`

const translationFields = /* groq */ `
  translation{
    sourceRevision,
    translatedAt,
    "source": source->{_id, _rev, _updatedAt, language, title, description, summary, body, sections}
  }
`

export const siteSettingsQuery = defineQuery(`*[_id == "siteSettings"][0]{
  title, tagline, url, editUrl, copyright, navbarTitle,
  logo{${themedImageFields}},
  navbarItems[]{
    _key, _type, label, href, docSlug, value, position,
    items[]{_key, _type, label, href, docSlug, value},
    extraItems[]{_key, _type, label, href}
  },
  footerLinks[]{_key, title, items[]{_key, label, href}},
  announcementBar{id, enabled, content, linkLabel, linkHref, backgroundColor, textColor, isCloseable},
  colorMode{defaultMode, respectPrefersColorScheme},
  locales[]{code, label, direction, htmlLang, calendar, path},
  blog{postsPerPage, sidebarCount, showReadingTime, title, description},
  search{contextualSearch, searchPagePath, indexName, suggestions, reportUrl}
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
  path, label, name, isLast, order, mainDoc, banner
}`)

/** Every doc route: docs exist in the default locale, and every locale shows each of them. */
export const docRoutesQuery = defineQuery(`*[_type == "doc" && language == $defaultLocale] | order(version asc, slug asc){
  version, slug
}`)

/** The docs of one version in one locale with what navigation needs, default-locale docs included. */
export const docsNavigationQuery = defineQuery(`*[_type == "doc" && version == $version && language in [$locale, $defaultLocale]]{
  _id, slug, language, title, sidebarLabel, sidebarPosition,
  "headings": body[_type == "heading" || style in ["h2", "h3"]]{_key, _type, style, level, text, anchor, "plain": pt::text(@)}
}`)

export const docQuery = defineQuery(`coalesce(
  *[_type == "doc" && version == $version && slug == $slug && language == $locale][0],
  *[_type == "doc" && version == $version && slug == $slug && language == $defaultLocale][0]
){
  _id, _rev, _updatedAt, title, description, keywords, version, slug, language,
  sidebarLabel, tocMinLevel, tocMaxLevel, lastUpdatedAt, sourcePath,
  body[]{${bodyFields}},
  ${translationFields}
}`)

const sidebarLeafFields = /* groq */ `_key, _type, label, href, value, collapsed, "docSlug": doc->slug, "linkDocSlug": linkDoc->slug`

export const sidebarsQuery = defineQuery(`*[_type == "sidebar" && version == $version] | order(sidebarId asc){
  sidebarId,
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
}`)

const authorFields = /* groq */ `key, name, title, url, "imageUrl": image.asset->url`

/** All posts, newest first, each in the reader's locale when translated. */
export const blogPostsQuery = defineQuery(`*[_type == "blogPost" && language == $defaultLocale] | order(date desc, slug asc){
  slug,
  date,
  "post": coalesce(*[_type == "blogPost" && slug == ^.slug && language == $locale][0], @){
    _id, title, description, language, tags, sourcePath,
    authors[]->{${authorFields}},
    body[]{${bodyFields}},
    ${translationFields}
  }
}`)

export const releasesQuery = defineQuery(`*[_type == "release" && language == $defaultLocale] | order(date desc, version desc){
  version,
  date,
  "release": coalesce(*[_type == "release" && version == ^.version && language == $locale][0], @){
    _id, title, summary, language, diffUrl, sourcePath,
    body[]{${bodyFields}},
    ${translationFields}
  }
}`)

export const pageRoutesQuery = defineQuery(`*[_type == "page" && language == $defaultLocale] | order(path asc){
  path, section, position,
  "title": coalesce(*[_type == "page" && path == ^.path && language == $locale][0].title, title)
}`)

export const pageQuery = defineQuery(`coalesce(
  *[_type == "page" && path == $path && language == $locale][0],
  *[_type == "page" && path == $path && language == $defaultLocale][0]
){
  _id, _rev, _updatedAt, title, description, path, section, language, lastUpdatedAt, sourcePath,
  body[]{${bodyFields}},
  ${translationFields}
}`)

export const homePageQuery = defineQuery(`coalesce(
  *[_type == "homePage" && language == $locale][0],
  *[_type == "homePage" && language == $defaultLocale][0]
){
  _id, title, description, language,
  sections[]{
    ...,
    _type == "homeSponsors" => {sponsors[]{_key, name, url, "logo": logo{${imageFields}}}}
  },
  ${translationFields}
}`)

// What search records are made of: text, headings and the few fields that name a section.
const searchBodyFields = /* groq */ `
  _key, _type, style, listItem, level, text, anchor, title, kind, rows,
  children[]{text},
  body[]{_key, _type, style, children[]{text}, rows},
  panels[]{label, body[]{_key, _type, style, children[]{text}, rows}}
`

/**
 * Everything search indexes in one locale, translated documents falling back to the default
 * locale like the pages do, so that the records match what each URL shows.
 */
export const searchDocumentsQuery = defineQuery(`{
  "versions": *[_type == "docsVersion"] | order(order asc){path, label, isLast, mainDoc},
  "docs": *[_type == "doc" && language == $defaultLocale] | order(version asc, slug asc){
    version, slug,
    "doc": coalesce(*[_type == "doc" && version == ^.version && slug == ^.slug && language == $locale][0], @){
      _id, _rev, title, description, keywords, language, body[]{${searchBodyFields}}
    }
  },
  "posts": *[_type == "blogPost" && language == $defaultLocale] | order(date desc, slug asc){
    slug, date,
    "post": coalesce(*[_type == "blogPost" && slug == ^.slug && language == $locale][0], @){
      _id, _rev, title, description, tags, language, body[]{${searchBodyFields}}
    }
  },
  "pages": *[_type == "page" && language == $defaultLocale] | order(path asc){
    path,
    "page": coalesce(*[_type == "page" && path == ^.path && language == $locale][0], @){
      _id, _rev, title, description, language, body[]{${searchBodyFields}}
    }
  },
  "releases": *[_type == "release" && language == $defaultLocale] | order(date desc, version desc){
    version,
    "release": coalesce(*[_type == "release" && version == ^.version && language == $locale][0], @){
      _id, _rev, title, summary, language, body[]{${searchBodyFields}}
    }
  }
}`)
