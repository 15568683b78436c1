// A post's header as readers see it: date, reading time, and each author with their picture, name and role.
import {renderToStaticMarkup} from 'react-dom/server'
import {beforeAll, describe, expect, it, vi} from 'vitest'
import {useLocalDataset} from '@site/content-source/fixture-dataset'

vi.mock('server-only', () => ({}))

let html = ''

beforeAll(async () => {
  useLocalDataset()
  const [{loadSiteContext}, {loadBlogPosts, withText}, {PostMeta}] = await Promise.all([
    import('../../site/context'),
    import('../../site/blog'),
    import('../blog'),
  ])
  const context = await loadSiteContext('en')
  const post = (await loadBlogPosts('en')).find((candidate) => candidate.slug === 'monthly-update-1')
  if (!post) throw new Error('the fixture has no monthly-update-1 post')
  const [withItsText] = await withText('en', [post])
  html = renderToStaticMarkup(<PostMeta context={context} post={withItsText!} />)
})

describe('PostMeta', () => {
  it("shows the picture of an author who has one (the dataset image's address), with their name as its text, before the name", () => {
    const pictures = [...html.matchAll(/<img [^>]*>/g)].map((match) => match[0])
    expect(pictures).toHaveLength(1)
    expect(pictures[0]).toMatch(/class="post-author-photo"/)
    // The dataset image's address: its asset id (content hash and size) under the dataset's image folder.
    expect(pictures[0]).toMatch(/src="\/_dataset\/images\/[0-9a-f]{40}-8x8\.png"/)
    expect(pictures[0]).toMatch(/alt="Damien Arrachequesne"/)
    expect(html.indexOf('post-author-photo')).toBeLessThan(html.indexOf('>Damien Arrachequesne<'))
  })

  it('shows authors without a picture by name only', () => {
    expect(html).toContain('post-author')
    expect(html.match(/class="post-author"/g)?.length).toBe(3)
  })
})
