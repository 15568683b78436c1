/** "View on site": opens the document's page on the site (SANITY_STUDIO_SITE_URL). */
import type {DocumentActionComponent} from 'sanity'
import {pageUrlOf, useSitePlaces} from '../use-site-places'

export const ViewOnSiteAction: DocumentActionComponent = (props) => {
  const addressing = useSitePlaces()
  // The published page is what readers see; a never-published draft has no page yet.
  const url = pageUrlOf(props.published, addressing)
  return {
    label: 'View on site',
    title: url ? url : 'Publish the document first: it has no page on the site yet',
    disabled: !url,
    onHandle: () => {
      if (url) window.open(url, '_blank', 'noopener')
      props.onComplete()
    },
  }
}
