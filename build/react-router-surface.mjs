/**
 * The part of React Router the web apps use, shared under the key `react-router-dom`
 * (docs/decisions/0034-visitor-loads-what-it-shows.md: no shared library is shipped whole when a page uses a small part
 * of it).
 *
 * A shared module cannot be tree-shaken: any consumer may ask it for any export, so sharing the package itself put all
 * of react-router on every page (62 KB gzip). Every app instead provides, and falls back to, this module
 * (build/webpack-app.js `sharedSingletons`), and webpack keeps only these exports of react-router.
 *
 * ESLint (eslint.config.mjs) reads this module's export names and refuses an import of any other name from
 * 'react-router-dom' in an app's source. Adding a name here changes what every app provides: a remote that needs a new
 * name ships after the shell that provides it (as with a new export of @linksite/platform, ARCHITECTURE.md
 * "Runtime composition").
 */
export {
  BrowserRouter,
  Link,
  matchPath,
  MemoryRouter,
  Navigate,
  Outlet,
  Route,
  Routes,
  useInRouterContext,
  useLocation,
  useNavigate,
  useParams,
} from 'react-router';
