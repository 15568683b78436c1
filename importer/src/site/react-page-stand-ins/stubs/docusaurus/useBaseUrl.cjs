// Stand-in of @docusaurus/useBaseUrl: site paths as written (this site is served from its root).
function useBaseUrl(url) {
  return url
}
module.exports = useBaseUrl
module.exports.default = useBaseUrl
module.exports.useBaseUrlUtils = () => ({withBaseUrl: useBaseUrl})
module.exports.__esModule = true
