import { MutationCache, QueryCache, QueryClient, type DefaultOptions, type UseMutationOptions } from '@tanstack/react-query';
import { isAccountRefusedError } from './api-client';
import { handledUnauthorized } from './auth';

/** SPEC §7: infinite staleness, no refetch on focus or interval, no retries. */
export const queryConfig = {
  queries: {
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchInterval: false,
    retry: false,
  },
  mutations: {
    retry: false,
  },
} satisfies DefaultOptions;

/**
 * Session failures are handled here, for every call: a mutation answered 401 or refused for a
 * banned account, and a read refused for a banned account, toast and go to sign-in
 * (lib/auth.ts). A read's 401 stays with its screen (signed-out visitors read too).
 */
export const queryClient = new QueryClient({
  defaultOptions: queryConfig,
  queryCache: new QueryCache({ onError: (error) => isAccountRefusedError(error) && handledUnauthorized(error) }),
  mutationCache: new MutationCache({ onError: (error) => handledUnauthorized(error) }),
});

export type ApiFnReturnType<FnType extends (...args: any) => Promise<any>> = Awaited<ReturnType<FnType>>;

export type QueryConfig<T extends (...args: any[]) => any> = Omit<ReturnType<T>, 'queryKey' | 'queryFn'>;

export type MutationConfig<MutationFnType extends (...args: any) => Promise<any>> = UseMutationOptions<
  ApiFnReturnType<MutationFnType>,
  Error,
  Parameters<MutationFnType>[0]
>;
