// The module the shell shares with the web modules as 'react-router' (federation.ts, issue #28).
// A shared singleton is bundled whole; react-router 7's entry also carries its data routers, its
// framework mode and its server runtime (cookies, sessions, request handlers): ~190 kB minified, of
// which the web uses the declarative browser API below. The list is that API, not only what the
// sources name today, so a web module written against it finds what it needs; the web test
// shared-react-router.test.ts fails when the web's sources import a name missing here.
export {
  BrowserRouter,
  HashRouter,
  MemoryRouter,
  Router,
  Routes,
  Route,
  Link,
  NavLink,
  Navigate,
  Outlet,
  useNavigate,
  useParams,
  useLocation,
  useSearchParams,
  useMatch,
  useHref,
  useResolvedPath,
  useInRouterContext,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useRoutes,
  useLinkClickHandler,
  matchPath,
  matchRoutes,
  generatePath,
  createSearchParams,
  resolvePath,
  createPath,
  parsePath,
  createRoutesFromChildren,
  renderMatches,
} from '@guiche/react-router-package';
