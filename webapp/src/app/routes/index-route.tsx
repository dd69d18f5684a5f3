import { lazy } from 'react';
import { useAuth } from '../../lib/auth';
import { LandingRoute } from './landing';

const HomeRoute = lazy(() => import('./home'));

/** '/' is the landing page for visitors and the dashboard when signed in. */
export function IndexRoute() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? <HomeRoute /> : <LandingRoute />;
}
