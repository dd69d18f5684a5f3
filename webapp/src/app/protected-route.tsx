import { useEffect, type ReactNode } from 'react';
import { goToLogin, useAuth } from '../lib/auth';
import { FullPageSpinner } from '../components/ui/spinner';

/** Pages for signed-in users only: visitors are sent to sign-in. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { isAuthenticated, isLoading } = useAuth();
  useEffect(() => {
    if (!isLoading && !isAuthenticated) goToLogin();
  }, [isLoading, isAuthenticated]);
  if (isLoading || !isAuthenticated) return <FullPageSpinner />;
  return <>{children}</>;
}
