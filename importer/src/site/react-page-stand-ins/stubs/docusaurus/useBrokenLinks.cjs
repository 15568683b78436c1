// Stand-in of @docusaurus/useBrokenLinks: the links and anchors a page collects for Docusaurus's broken link check,
// which the site's own link check does on the built pages instead.
function useBrokenLinks() {
  return {collectLink() {}, collectAnchor() {}}
}
module.exports = useBrokenLinks
module.exports.default = useBrokenLinks
module.exports.__esModule = true
