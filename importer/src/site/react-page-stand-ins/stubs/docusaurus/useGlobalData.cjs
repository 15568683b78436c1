// Stand-in of @docusaurus/useGlobalData: the global data the site's own plugins set in contentLoaded
// (plugin-global-data.ts runs them), by plugin name and id, as Docusaurus gives it to the page.
const state = require('./../page-context.cjs')
function useGlobalData() {
  return state.globalData
}
function useAllPluginInstancesData(name) {
  const instances = state.globalData[name]
  if (!instances) throw new Error(`Docusaurus plugin global data not found for "${name}" plugin (the import runs the site's own plugins only)`)
  return instances
}
function usePluginData(name, id = 'default') {
  const data = useAllPluginInstancesData(name)[id]
  if (data === undefined) throw new Error(`Docusaurus plugin global data not found for "${name}" plugin with id "${id}"`)
  return data
}
module.exports = useGlobalData
module.exports.default = useGlobalData
module.exports.useAllPluginInstancesData = useAllPluginInstancesData
module.exports.usePluginData = usePluginData
module.exports.__esModule = true
