// The notice above an unlisted page (Docusaurus's "Unlisted page" banner), in the reader's locale.
import type {SiteContext} from '../site/context'

export function UnlistedBanner({context}: {context: SiteContext}) {
  return (
    <div className="unlisted-banner" role="note">
      <p className="unlisted-banner-title">{context.t('unlisted.title')}</p>
      <p>{context.t('unlisted.message')}</p>
    </div>
  )
}
