import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api, isUnauthorizedError } from './api-client';
import { ADMIN_ROLES, AUTH_USER_STALE_TIME, LOGIN_REDIRECT_DELAY } from './constants';
import { toast } from './toast';
import type { User } from '../types/api';

export const LOGIN_URL = '/api/login';
export const LOGOUT_URL = '/api/logout';

/** Ends every session of the account (other devices, remember-me cookies), then goes home. */
export async function signOutEverywhere() {
  try {
    await api.post('/api/auth/logout-all');
  } catch (error) {
    if (!isUnauthorizedError(error)) {
      toast({ title: 'Error', description: 'Could not sign out everywhere. Please try again.', variant: 'destructive' });
      return;
    }
  }
  window.location.assign('/');
}

/** GET /api/auth/user: the user, or null when signed out (older servers answered 401). */
export async function getUser(): Promise<User | null> {
  try {
    const user = await api.get<User | null>('/api/auth/user');
    return user && Object.keys(user).length ? user : null;
  } catch (error) {
    if (isUnauthorizedError(error)) return null;
    throw error;
  }
}

export const getUserQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'user'],
    queryFn: getUser,
    staleTime: AUTH_USER_STALE_TIME,
    retry: false,
  });

export const useUser = () => useQuery(getUserQueryOptions());

export function useAuth() {
  const { data, isLoading } = useUser();
  const user = data ?? null;
  return {
    user,
    isLoading,
    isAuthenticated: !!user,
    isAdmin: !!user && ADMIN_ROLES.includes(user.role ?? ''),
  };
}

/** Full-page navigation to the sign-in page, coming back here afterwards. */
export function goToLogin() {
  const here = `${window.location.pathname}${window.location.search}`;
  window.location.assign(here && here !== '/' ? `${LOGIN_URL}?next=${encodeURIComponent(here)}` : LOGIN_URL);
}

/** Toast then go to sign-in after 500 ms (SPEC §4). */
export function handleUnauthorized() {
  toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
  setTimeout(goToLogin, LOGIN_REDIRECT_DELAY);
}

/** A 403 that refuses the account itself (banned or deactivated): the server signed it out. */
function isAccountRefused(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status === 403 &&
    !!error.data &&
    ('reason' in error.data || /banned|deactivated/i.test(error.data.message ?? ''))
  );
}

/** Runs handleUnauthorized for a 401 (or a refused account) and tells whether it did. */
export function handledUnauthorized(error: unknown): boolean {
  if (isAccountRefused(error)) {
    toast({ title: 'Account Suspended', description: error.data.message, variant: 'destructive' });
    setTimeout(goToLogin, LOGIN_REDIRECT_DELAY);
    return true;
  }
  if (isUnauthorizedError(error)) {
    handleUnauthorized();
    return true;
  }
  return false;
}

export function requireSignIn(isAuthenticated: boolean, what: string): boolean {
  if (isAuthenticated) return true;
  toast({ title: 'Authentication Required', description: `Please log in to ${what}`, variant: 'destructive' });
  return false;
}

