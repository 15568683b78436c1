/**
 * Where "Edit this page" leads: the document in the studio when the studio's address is
 * configured (STUDIO_URL), else the source file on the code host (site settings' editUrl + the
 * document's source path), else nowhere.
 */
export interface EditableDocument {
  _id: string
  _type: string
  sourcePath?: string | null
}

export function editLinkFor(document: EditableDocument, editUrl: string | null | undefined, studioUrl = process.env.STUDIO_URL): string | null {
  if (studioUrl) {
    const base = studioUrl.replace(/\/+$/, '')
    return `${base}/intent/edit/id=${encodeURIComponent(document._id)};type=${encodeURIComponent(document._type)}/`
  }
  if (editUrl && document.sourcePath) {
    return `${editUrl.replace(/\/+$/, '')}/${document.sourcePath.replace(/^\/+/, '')}`
  }
  return null
}
