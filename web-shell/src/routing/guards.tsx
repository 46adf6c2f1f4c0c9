import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingState, useSession } from '@guiche/web-sdk';

const BILLING_PATHS = ['/financeiro-aberto', '/financeiro'];

/** Private routes: visitors go to /login; an expired company stays on /financeiro-aberto. */
export function RequireAuth() {
  const { user, loading, subscriptionExpired } = useSession();
  const location = useLocation();
  if (loading) return <LoadingState />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (subscriptionExpired && !BILLING_PATHS.includes(location.pathname)) return <Navigate to="/financeiro-aberto" replace />;
  return <Outlet />;
}

/** Public routes (login, signup, recovery): a logged-in user goes to /. */
export function PublicOnly() {
  const { user, loading } = useSession();
  if (loading) return <LoadingState />;
  if (user) return <Navigate to="/" replace />;
  return <Outlet />;
}
