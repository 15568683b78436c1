// Stand-in of @docusaurus/ExecutionEnvironment: the server side.
const environment = {canUseDOM: false, canUseEventListeners: false, canUseIntersectionObserver: false, canUseViewport: false}
module.exports = environment
module.exports.default = environment
module.exports.__esModule = true
