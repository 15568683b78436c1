/**
 * Stage 3, entries: each file classified by the plugin that reads it (doc of a version, blog post,
 * release, page, home page) with its front matter read and checked, and the list pages of blog instances.
 */
import {statSync} from 'node:fs'
import path from 'node:path'
import {firstCommitDay} from '../../git-history'
import {classifyFiles, instanceListPages, type SiteEntries} from '../../site/entries'
import type {ImportRun} from '../import-run'
import type {FilesStage} from '../files'

export interface EntriesStage extends FilesStage {
  entries: SiteEntries
}

export function classifyEntries(run: ImportRun, files: FilesStage): EntriesStage {
  const {log, progress} = run
  const {site, read} = files
  const undated: string[] = []
  const entries = classifyFiles(read.files, site, log, (file) => {
    const day = firstCommitDay(run.gitHistoryOf ?? run.contentDir, file) ?? creationDay(path.join(run.contentDir, file))
    if (day) undated.push(file)
    return day
  })
  if (undated.length > 0) progress(`posts without a date: ${undated.length} dated by their file's first commit (else its creation), as Docusaurus dates them`)
  entries.pages.push(...instanceListPages(entries.pages, site))
  progress(
    `front matter: ${entries.docs.length} docs, ${entries.posts.length} posts, ${entries.releases.length} releases, ${entries.pages.length} pages, ${entries.home.length} home pages`,
  )
  return {...files, entries}
}

/** The day (UTC) the file was created, as the file system says. */
function creationDay(file: string): string | undefined {
  try {
    const info = statSync(file)
    const created = info.birthtimeMs > 0 ? info.birthtime : info.mtime
    return created.toISOString().slice(0, 10)
  } catch {
    return undefined
  }
}
