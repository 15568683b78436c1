// Stand-in of @docusaurus/router (react-router's hooks) for a page rendered once at import time: the
// location has no query or hash (what a page shows for a query, such as redux.js.org's /errors?code=,
// is what it shows without one, as in Docusaurus's own static render), navigation does nothing.
const location = {pathname: '/', search: '', hash: '', state: undefined, key: 'import'}
const history = {
  location,
  length: 1,
  action: 'POP',
  push() {},
  replace() {},
  go() {},
  goBack() {},
  goForward() {},
  block: () => () => {},
  listen: () => () => {},
}
module.exports = {
  useLocation: () => location,
  useHistory: () => history,
  useParams: () => ({}),
  useRouteMatch: () => null,
  matchPath: () => null,
  Redirect: () => null,
  withRouter: (Component) => Component,
}
module.exports.__esModule = true
