// useDoc of the docs plugin (in @docusaurus/plugin-content-docs/client since Docusaurus 3, in
// @docusaurus/theme-common/internal before): the doc being rendered, as far as the import knows it here
// (its id, its file and its version); its title, front matter and neighbours are not known at this point.
const state = require('../page-context.cjs')
function useDoc() {
  if (!state.doc) throw new Error('useDoc: the component is not rendered on a doc')
  return {
    metadata: {id: state.doc.id, source: state.doc.source, version: state.docsVersion?.name ?? 'current'},
    frontMatter: {},
    contentTitle: undefined,
    toc: [],
  }
}
module.exports = {useDoc}
