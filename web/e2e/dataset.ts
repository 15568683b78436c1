/**
 * Documents of the dataset the site under test was built from (.generated/dataset/data.ndjson,
 * written by the import step of the build), for tests whose expectations are editors' content.
 */
import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {REPO_ROOT} from './environment'

const DATASET = join(process.env.DATASET_DIR ?? join(REPO_ROOT, '.generated/dataset'), 'data.ndjson')

export interface DatasetDocument {
  _id: string
  _type: string
  language?: string
  [field: string]: unknown
}

let documents: DatasetDocument[] | undefined

export function datasetDocuments(): DatasetDocument[] {
  if (documents === undefined) {
    if (!existsSync(DATASET)) throw new Error(`${DATASET} is missing: the tests expect the dataset of the build under test (npm run build writes it)`)
    documents = readFileSync(DATASET, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as DatasetDocument)
  }
  return documents
}

export interface HomeSectionDocument {
  _type: string
  _key: string
  title?: string
  tagline?: string
  count?: number
  actions?: Array<{label: string; href: string}>
  items?: Array<{title: string; text?: string; href?: string}>
  sponsors?: Array<{name: string; url?: string; logo?: unknown}>
  cta?: {label?: string; href?: string}
  examples?: unknown[]
}

/** The sections of the home page document of a language. */
export function homeSections(language: string): HomeSectionDocument[] {
  const home = datasetDocuments().find((document) => document._type === 'homePage' && document.language === language)
  if (!home) throw new Error(`the dataset has no ${language} homePage document`)
  return (home.sections as HomeSectionDocument[] | undefined) ?? []
}

export function homeSection(language: string, type: string): HomeSectionDocument {
  const section = homeSections(language).find((candidate) => candidate._type === type)
  if (!section) throw new Error(`the ${language} home page has no ${type} section`)
  return section
}
