/**
 * Where "Edit this page" leads: nowhere when the document hides the link (custom_edit_url: null);
 * the document in the studio when the studio's address is configured (STUDIO_URL); the document's
 * own address for it (custom_edit_url); else the file on the code host: the site settings' editUrl
 * and the document's edit path (the file Docusaurus's editLocalizedFiles / editCurrentVersion
 * choose), else its source path; else nowhere.
 */
export interface EditableDocument {
  _id: string
  _type: string
  sourcePath?: string | null
  editPath?: string | null
  customEditUrl?: string | null
  hideEditLink?: boolean | null
}

export function editLinkFor(document: EditableDocument, editUrl: string | null | undefined, studioUrl = process.env.STUDIO_URL): string | null {
  if (document.hideEditLink) return null
  if (studioUrl) {
    const base = studioUrl.replace(/\/+$/, '')
    return `${base}/intent/edit/id=${encodeURIComponent(document._id)};type=${encodeURIComponent(document._type)}/`
  }
  // Only an address a page may link to (the studio and the importer refuse others; a dataset written otherwise is not trusted).
  if (document.customEditUrl && /^(https?:\/\/|\/(?!\/))/i.test(document.customEditUrl.trim())) return document.customEditUrl
  const file = document.editPath || document.sourcePath
  if (editUrl && file) {
    return `${editUrl.replace(/\/+$/, '')}/${file.replace(/^\/+/, '')}`
  }
  return null
}
