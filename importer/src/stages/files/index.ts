/**
 * Stage 2, files: the markdown files of the folders the site's content plugins read (docs of every
 * version, blogs, changelog, pages, translations), with their include and exclude options applied;
 * files that are not UTF-8, binary or empty are reported.
 */
import {readMarkdownFiles} from '../../read-sources'
import {contentFileFilter} from '../../site/content-globs'
import {applyFrontMatterHook, type MarkdownPreprocessor, markdownPreprocessorOf} from '../../site/markdown-preprocessor'
import {blogDirOf, isOutsideSite} from '../../site/site-config'
import type {ImportRun} from '../import-run'
import type {ConfigStage} from '../config'

export interface FilesStage extends ConfigStage {
  /** The blog plugin's folder. */
  blogDir: string
  read: Awaited<ReturnType<typeof readMarkdownFiles>>
  /** The config's markdown.preprocessor, for the partials read later (the files read here have been through it). */
  preprocess?: MarkdownPreprocessor
}

export async function readFiles(run: ImportRun, config: ConfigStage): Promise<FilesStage> {
  const {contentDir, log, progress} = run
  const {site} = config
  const blogDir = blogDirOf(site)
  const folders = [
    ...new Set([
      // versioned_docs/version-x is read through versioned_docs; a docs folder beside the site (../docs) as it is.
      ...site.versions.map((version) => (isOutsideSite(version.docsDir) ? version.docsDir : (version.docsDir.split('/')[0] ?? version.docsDir))),
      blogDir,
      ...(site.instances ?? []).filter((instance) => instance.kind === 'blog').map((instance) => instance.path),
      'changelog',
      'src/pages',
      'i18n',
    ]),
  ]
  const read = await readMarkdownFiles(contentDir, folders, contentFileFilter(site, log))
  // The config's markdown.preprocessor, run over each file as Docusaurus runs it before reading the file.
  const preprocess = markdownPreprocessorOf(site.config, contentDir, site.configFile, log)
  if (preprocess) for (const file of read.files) file.text = preprocess(file.path, file.text)
  const reparsed = await applyFrontMatterHook(site.config, contentDir, site.configFile, read.files, log)
  if (reparsed > 0) progress(`front matter: ${reparsed} files given other front matter by the config's markdown.parseFrontMatter`)
  for (const {file, line} of read.invalidUtf8)
    log.warn({file, line, message: 'is not valid UTF-8: the bytes that are not were read as � (U+FFFD); save the file as UTF-8'})
  for (const {file, line} of read.binary)
    log.error({
      file,
      line,
      message:
        'is not a text file (it holds a NUL byte, as images and other binary files do): not imported; a markdown file must be text (UTF-8), move any other file out of the content folders',
    })
  for (const file of read.empty) log.warn({file, message: 'is empty (nothing but white space): its page would have no content; write it, or remove the file'})
  progress(
    `read: ${read.files.length} markdown files through contentlayer2${read.skippedByContentlayer.length > 0 ? ` (${read.skippedByContentlayer.length} it could not parse, read directly)` : ''}${read.leftOut > 0 ? `; ${read.leftOut} left out by the docs' or blog's include and exclude options (or docs: false), as Docusaurus leaves them out` : ''}`,
  )
  return {...config, blogDir, read, ...(preprocess ? {preprocess} : {})}
}
