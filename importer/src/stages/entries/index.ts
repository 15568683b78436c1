/**
 * Stage 3, entries: each file classified by the plugin that reads it (doc of a version, blog post,
 * release, page, home page) with its front matter read and checked, and the list pages of blog instances.
 */
import {classifyFiles, instanceListPages, type SiteEntries} from '../../site/entries'
import type {ImportRun} from '../import-run'
import type {FilesStage} from '../files'

export interface EntriesStage extends FilesStage {
  entries: SiteEntries
}

export function classifyEntries(run: ImportRun, files: FilesStage): EntriesStage {
  const {log, progress} = run
  const {site, read} = files
  const entries = classifyFiles(read.files, site, log)
  entries.pages.push(...instanceListPages(entries.pages, site))
  progress(
    `front matter: ${entries.docs.length} docs, ${entries.posts.length} posts, ${entries.releases.length} releases, ${entries.pages.length} pages, ${entries.home.length} home pages`,
  )
  return {...files, entries}
}
