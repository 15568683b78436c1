// Stand-in of @docusaurus/useIsBrowser: the import renders as the server does.
module.exports = () => false
module.exports.default = module.exports
module.exports.__esModule = true
