// Stand-in of @docusaurus/plugin-content-docs/client: the version of the doc being rendered (set in the page
// context by react-pages.ts; null outside docs), as the docs plugin's hooks give it. Versions beside it, sidebars
// and other plugins' data are not known here: those hooks give what a page outside a docs plugin would.
const state = require('../../page-context.cjs')
const {useDoc} = require('../doc.cjs')
const metadata = (version) =>
  version ? {name: version.name, label: version.label, path: version.path, isLast: version.isLast, docs: [], mainDocId: ''} : undefined
function useActiveVersion() {
  return metadata(state.docsVersion)
}
function useDocsVersion() {
  const version = metadata(state.docsVersion)
  if (!version) throw new Error('useDocsVersion: the component is not rendered on a doc')
  return version
}
function useActiveDocContext() {
  return {activeVersion: metadata(state.docsVersion), activeDoc: undefined, alternateDocVersions: {}}
}
function useActivePlugin() {
  return state.docsVersion ? {pluginId: 'default', pluginData: {versions: [metadata(state.docsVersion)]}} : undefined
}
function useLatestVersion() {
  return state.docsVersion?.isLast ? metadata(state.docsVersion) : undefined
}
function useVersions() {
  return state.docsVersion ? [metadata(state.docsVersion)] : []
}
module.exports = {useActiveVersion, useDocsVersion, useActiveDocContext, useActivePlugin, useLatestVersion, useVersions, useDoc}
