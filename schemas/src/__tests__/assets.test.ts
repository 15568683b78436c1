import {describe, expect, it} from 'vitest'
import {fileAssetFileName, fileAssetId, imageAssetFileName, imageAssetId, parseFileAssetId, parseImageAssetId} from '../assets'

const SHA1 = '9c1a2f0e5b7d3c4a6e8f0b1d2c3e4f5a6b7c8d9e'

describe('Sanity asset names', () => {
  it('names an image by the hash of its bytes, its dimensions and its extension, and reads the id back', () => {
    const image = {sha1: SHA1, width: 1200, height: 630, extension: 'png'}
    expect(imageAssetId(image)).toBe(`image-${SHA1}-1200x630-png`)
    expect(imageAssetFileName(image)).toBe(`${SHA1}-1200x630.png`)
    expect(parseImageAssetId(imageAssetId(image))).toEqual(image)
  })

  it('names another file by the hash of its bytes and its extension, and reads the id back', () => {
    const file = {sha1: SHA1, extension: 'mp4'}
    expect(fileAssetId(file)).toBe(`file-${SHA1}-mp4`)
    expect(fileAssetFileName(file)).toBe(`${SHA1}.mp4`)
    expect(parseFileAssetId(fileAssetId(file))).toEqual(file)
  })

  it('reads no parts from an id of another shape', () => {
    expect(parseImageAssetId(`file-${SHA1}-mp4`)).toBeNull()
    expect(parseImageAssetId(`image-${SHA1}-1200-png`)).toBeNull()
    expect(parseFileAssetId(`image-${SHA1}-1200x630-png`)).toBeNull()
    expect(parseFileAssetId('doc-en-intro')).toBeNull()
  })
})
