import { Navigate, Route, Routes } from 'react-router';
import { LoadingState } from '@guiche/web-sdk';
import { Layout } from './layout/Layout.js';
import { ModuleBoundary } from './modules/ModuleBoundary.js';
import { ModuleErrorCard } from './modules/ModuleErrorCard.js';
import { moduleRoutes } from './modules/ModuleRoutes.js';
import { useWebModules } from './modules/WebModulesProvider.js';
import { NotFoundPage } from './pages/NotFoundPage.js';
import { TicketsPlaceholderPage } from './pages/TicketsPlaceholderPage.js';
import { PublicOnly, RequireAuth } from './routing/guards.js';
import { RouteAccess } from './routing/RouteAccess.js';
import { shellFeatures } from './features/registry.js';
import { lazyPage } from './features/lazy-page.js';

// The public pages' forms (Formik, zod) load only when one opens (issue #28): a signed-in first
// page never needs them.
const LoginPage = lazyPage(() => import('./pages/LoginPage.js').then((m) => ({ default: m.LoginPage })));
const SignupPage = lazyPage(() => import('./pages/SignupPage.js').then((m) => ({ default: m.SignupPage })));
const RecoveryPasswordPage = lazyPage(() => import('./features/recovery/RecoveryPasswordPage.js').then((m) => ({ default: m.RecoveryPasswordPage })));

export function App() {
  const { listed, modules } = useWebModules();
  const remoteRoutes = moduleRoutes(modules);
  const hasRemoteIndex = remoteRoutes.some((r) => r.path === '/') || shellFeatures.some((f) => f.routes.some((r) => r.path === '/'));
  // Until the module list is known, an unknown path may still belong to a remote.
  const settled = listed && modules.every((m) => m.status !== 'loading');
  const fallback = settled ? <NotFoundPage /> : <LoadingState />;

  return (
    <Routes>
      <Route element={<PublicOnly />}>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/recovery-password" element={<RecoveryPasswordPage />} />
      </Route>
      <Route element={<RequireAuth />}>
        <Route element={<Layout />}>
          <Route element={<RouteAccess />}>
            {!hasRemoteIndex && <Route index element={<Navigate to="/tickets" replace />} />}
            {!shellFeatures.some((f) => f.menuPaths.includes('/tickets')) && <Route path="/tickets" element={<TicketsPlaceholderPage />} />}
            {shellFeatures.flatMap((f) => f.routes.map((r) => <Route key={`${f.id}:${r.path}`} path={r.path} element={<r.Component />} />))}
            {remoteRoutes.map((r) => (
              <Route
                key={`${r.moduleId}:${r.path}`}
                path={r.path}
                element={
                  r.status === 'ready' && r.Component ? (
                    <ModuleBoundary moduleId={r.moduleId}>
                      <r.Component />
                    </ModuleBoundary>
                  ) : r.status === 'error' ? (
                    <ModuleErrorCard moduleId={r.moduleId} />
                  ) : (
                    <LoadingState />
                  )
                }
              />
            ))}
            <Route path="*" element={fallback} />
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}
