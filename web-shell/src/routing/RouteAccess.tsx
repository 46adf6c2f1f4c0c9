import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '@guiche/web-sdk';
import { planAllows, profileAllows, ruleFor } from '../menu/menu-items.js';
import { AccessRestricted } from './AccessRestricted.js';
import { PlanDenied } from './PlanDenied.js';

/**
 * The route guard: the rule table (menu/menu-items.ts) decides before any page renders, so a page
 * the user may not open never starts and fails later. Profile first (an agent is told the page is
 * for administrators, not that the plan lacks it), then the plan flag.
 */
export function RouteAccess() {
  const { user, planFlags } = useSession();
  const { pathname } = useLocation();
  const rule = ruleFor(pathname);
  if (rule && user && !profileAllows(rule, user)) {
    // The dashboard is also the start page: whoever may not see it starts on the tickets.
    if (rule.to === '/') return <Navigate to="/tickets" replace />;
    if (rule.access !== 'everyone') return <AccessRestricted access={rule.access} />;
  }
  if (rule && !planAllows(rule, planFlags)) return <PlanDenied key={rule.key} item={rule} />;
  return <Outlet />;
}
