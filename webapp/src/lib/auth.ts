import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api, getErrorMessage, isAccountRefusedError, isUnauthorizedError } from './api-client';
import { ADMIN_ROLES, AUTH_USER_STALE_TIME, LOGIN_REDIRECT_DELAY } from './constants';
import { authKeys } from './query-keys';
import { toast } from './toast';
import type { User } from '../types/api';

export const LOGIN_URL = '/api/login';
export const LOGOUT_URL = '/api/logout';

/**
 * Ends every session of the account (other devices, remember-me cookies, this one), then goes
 * home. Asked first: components/sign-out-everywhere-dialog.tsx.
 */
export async function signOutEverywhere() {
  try {
    await api.post('/api/auth/sessions/revoke-all');
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
    queryKey: authKeys.user(),
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

/** A failure that ends the session: signed out (401) or the account refused (403 with a ban reason). */
export const isSessionError = (error: unknown): error is ApiError => isUnauthorizedError(error) || isAccountRefusedError(error);

let leaving = false;

/**
 * For a session failure: says why in a toast and goes to sign-in after 500 ms (SPEC §4), once
 * however many calls fail together. For a ban or deactivation the sign-in page says why again
 * (the reason and the ban's end), and keeps saying it. Tells whether `error` was one. Every mutation's failure
 * passes here (lib/query-client.ts); callers only use the answer to skip their own message.
 */
export function handledUnauthorized(error: unknown): boolean {
  if (!isSessionError(error)) return false;
  if (leaving) return true;
  leaving = true;
  if (isAccountRefusedError(error)) {
    const title = (error.data as { account?: string }).account === 'deactivated' ? 'Account Deactivated' : 'Account Suspended';
    toast({ title, description: getErrorMessage(error), variant: 'destructive' });
  } else {
    toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
  }
  setTimeout(goToLogin, LOGIN_REDIRECT_DELAY);
  return true;
}

export function requireSignIn(isAuthenticated: boolean, what: string): boolean {
  if (isAuthenticated) return true;
  toast({ title: 'Authentication Required', description: `Please log in to ${what}`, variant: 'destructive' });
  return false;
}


/** An onError handler: the 'Error' toast with `description`, unless the session ended (handled globally). */
export const failureToast = (description: string) => (error: unknown) => {
  if (isSessionError(error)) return;
  toast({ title: 'Error', description, variant: 'destructive' });
};

/** mutate() callbacks of a confirmation dialog: close it either way, then the success toast or the failure one. */
export const closeThen = (close: () => void, success: string, failure: string) => ({
  onSuccess: () => {
    close();
    toast({ title: success });
  },
  onError: (error: unknown) => {
    close();
    failureToast(failure)(error);
  },
});

/** mutate() callbacks: the success toast, or the failure one (unless the session ended). */
export const toastOutcome = (success: string, failure: string) => ({
  onSuccess: () => toast({ title: success }),
  onError: failureToast(failure),
});
