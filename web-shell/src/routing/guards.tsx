import { useRef } from 'react';
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

/**
 * Public routes (login, signup, recovery): someone who arrives already logged in goes to /. A login
 * made here navigates by itself (to /tickets): redirecting as well raced it and could win.
 */
export function PublicOnly() {
  const { user, loading } = useSession();
  const arrivedLoggedIn = useRef<boolean | null>(null);
  if (!loading && arrivedLoggedIn.current === null) arrivedLoggedIn.current = !!user;
  if (loading) return <LoadingState />;
  if (user && arrivedLoggedIn.current) return <Navigate to="/" replace />;
  return <Outlet />;
}
