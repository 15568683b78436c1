/** docsVersion documents, one per docs version, from docusaurus.config.js and versions.json. */
import {documentId} from '@site/schemas'
import type {DiagnosticLog} from '../diagnostics'
import type {ImportedDocsVersion, SanityDocument} from './sanity-document'
import {type DocEntry, hasMainDoc} from './entries'
import type {SiteConfig} from './site-config'

export function buildDocsVersions(site: SiteConfig, docs: DocEntry[], log: DiagnosticLog): SanityDocument[] {
  return site.versions.map((version) => {
    const hasHome = hasMainDoc(docs, version, site.defaultLocale)
    if (site.disabled?.docs && !version.instance) {
      log.warn({
        file: site.configFile,
        field: 'docs',
        message: `is false: the site has no docs, as Docusaurus builds none (files of ${version.docsDir}/ are not read); the content model keeps one docs version without docs, which no page shows`,
      })
    } else if (!hasHome) {
      log.warn({file: site.configFile, message: `docs version ${version.label} (${version.docsDir}/) has no home doc: add index.md or give a doc \`slug: /\``})
    }
    return {
      _id: documentId('docsVersion', version.path),
      _type: 'docsVersion',
      path: version.path,
      // Kept only where it differs from the identifier: the site reads a missing urlPath as the identifier.
      ...(version.urlPath !== version.path ? {urlPath: version.urlPath} : {}),
      label: version.label,
      name: version.name,
      isLast: version.isLast,
      order: version.order,
      mainDoc: 'index',
      banner: version.banner,
      // A second docs instance's docs: a set of their own, served under the instance's routeBasePath.
      ...(version.docsPath === undefined ? {} : {docsPath: version.docsPath === '' ? '/' : version.docsPath}),
    } satisfies ImportedDocsVersion
  })
}
