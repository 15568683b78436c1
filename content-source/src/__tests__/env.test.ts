// The content environment: local dataset by default, Sanity when both variables are set.
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {DEFAULT_SANITY_API_VERSION, readContentEnv} from '../env'

const here = import.meta.dirname

describe('readContentEnv', () => {
  it('defaults to the repository dataset', () => {
    const env = readContentEnv({}, here)
    expect(env).toEqual({mode: 'local', datasetDir: path.resolve(here, '../../../.generated/dataset')})
  })

  it('honours DATASET_DIR relative to the working directory', () => {
    expect(readContentEnv({DATASET_DIR: 'data'}, '/tmp')).toEqual({mode: 'local', datasetDir: '/tmp/data'})
  })

  it('switches to Sanity when project and dataset are set', () => {
    expect(readContentEnv({SANITY_PROJECT_ID: 'abc', SANITY_DATASET: 'production'}, here)).toEqual({
      mode: 'sanity',
      projectId: 'abc',
      dataset: 'production',
      apiVersion: DEFAULT_SANITY_API_VERSION,
      apiHost: undefined,
      perspective: 'published',
    })
  })

  it('shows published content unless a preview build asks for drafts, whatever the token', () => {
    const base = {SANITY_PROJECT_ID: 'abc', SANITY_DATASET: 'production', SANITY_API_READ_TOKEN: 'token'}
    expect(readContentEnv(base, here)).toMatchObject({perspective: 'published'})
    expect(readContentEnv({...base, SANITY_PERSPECTIVE: 'drafts'}, here)).toMatchObject({perspective: 'drafts'})
    expect(() => readContentEnv({...base, SANITY_PERSPECTIVE: 'raw'}, here)).toThrow('SANITY_PERSPECTIVE must be published or drafts, got "raw"')
  })

  it('names the missing variable when only one is set', () => {
    expect(() => readContentEnv({SANITY_PROJECT_ID: 'abc'}, here)).toThrow('SANITY_DATASET is missing')
    expect(() => readContentEnv({SANITY_DATASET: 'production'}, here)).toThrow('SANITY_PROJECT_ID is missing')
  })

  it('rejects a malformed API version or host', () => {
    expect(() => readContentEnv({SANITY_PROJECT_ID: 'a', SANITY_DATASET: 'b', SANITY_API_VERSION: 'latest'}, here)).toThrow('SANITY_API_VERSION')
    expect(() => readContentEnv({SANITY_PROJECT_ID: 'a', SANITY_DATASET: 'b', SANITY_API_HOST: 'localhost:1'}, here)).toThrow('SANITY_API_HOST')
  })
})
