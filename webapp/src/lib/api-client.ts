/**
 * The one HTTP client: cookies always sent, JSON in and out, CSRF double-submit
 * header on every unsafe method. Failures throw an ApiError (status, raw text, parsed JSON body).
 */
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  method?: string;
  body?: unknown;
  params?: QueryParams;
  signal?: AbortSignal;
  /** The request outlives the page (sent as the tab closes: `fetch(..., {keepalive: true})`). */
  keepalive?: boolean;
};

export class ApiError extends Error {
  status: number;
  data: any;
  constructor(status: number, text: string, data: any) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
  }
}

export function getCsrfToken(): string | null {
  const pair = document.cookie
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith('csrf_token='));
  return pair ? decodeURIComponent(pair.slice('csrf_token='.length)) : null;
}

export function buildUrl(path: string, params?: QueryParams): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

async function ensureCsrfToken(): Promise<string | null> {
  let token = getCsrfToken();
  if (!token) {
    // Every API response sets the cookie when missing: one cheap read gets it.
    await fetch('/api/auth/user', { credentials: 'include' }).catch(() => undefined);
    token = getCsrfToken();
  }
  return token;
}

export async function apiRequest(path: string, options: RequestOptions = {}): Promise<Response> {
  const method = (options.method ?? 'GET').toUpperCase();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (UNSAFE_METHODS.has(method)) {
    // read at once when the cookie is there: a request made as the page goes must start before it does
    const token = getCsrfToken() ?? (await ensureCsrfToken());
    if (token) headers['X-CSRF-Token'] = token;
  }
  const response = await fetch(buildUrl(path, options.params), {
    method,
    headers,
    credentials: 'include',
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    signal: options.signal,
    keepalive: options.keepalive,
  });
  if (!response.ok) {
    const text = (await response.text().catch(() => '')) || response.statusText;
    let data: any;
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
    throw new ApiError(response.status, text, data);
  }
  return response;
}

/** The parsed JSON body of a response (null for 204 or an empty body). */
async function readJson<T>(response: Response): Promise<T> {
  if (response.status === 204) return null as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return readJson<T>(await apiRequest(path, options));
}

/** The body and the response headers (paging: X-Total-Count, X-Next-Cursor). */
export async function apiFetchWithHeaders<T>(path: string, options: RequestOptions = {}): Promise<{ data: T; headers: Headers }> {
  const response = await apiRequest(path, options);
  return { data: await readJson<T>(response), headers: response.headers };
}

/** One page of a `?limit=&page=` list and the total the API counts in X-Total-Count. */
export type Page<T> = { items: T[]; total: number };

export async function getPage<T>(path: string, params: QueryParams, signal?: AbortSignal): Promise<Page<T>> {
  const { data, headers } = await apiFetchWithHeaders<T[]>(path, { params, signal });
  const items = data ?? [];
  const total = Number(headers.get('X-Total-Count'));
  return { items, total: Number.isFinite(total) && headers.has('X-Total-Count') ? total : items.length };
}

export const api = {
  get: <T>(path: string, params?: QueryParams, signal?: AbortSignal) =>
    apiFetch<T>(path, { params, signal }),
  post: <T>(path: string, body?: unknown, params?: QueryParams) =>
    apiFetch<T>(path, { method: 'POST', body, params }),
  put: <T>(path: string, body?: unknown, options?: Pick<RequestOptions, 'keepalive'>) => apiFetch<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown) => apiFetch<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string) => apiFetch<T>(path, { method: 'DELETE' }),
};

/** The signed-out failure: status 401. */
export function isUnauthorizedError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 401;
}

/**
 * The account itself refused (SPEC: a banned or deactivated user's next request): status 403
 * with `account: "banned" | "deactivated"` in the JSON body; the server has signed it out.
 */
export function isAccountRefusedError(error: unknown): error is ApiError {
  if (!(error instanceof ApiError) || error.status !== 403 || !error.data || typeof error.data !== 'object') return false;
  const account = (error.data as { account?: unknown }).account;
  return account === 'banned' || account === 'deactivated';
}

/** The human part of an API failure: the JSON body's message, else the raw text. */
export function getErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.data && typeof error.data.message === 'string') return error.data.message;
    return error.message;
  }
  if (error instanceof Error) return error.message;
  return String(error);
}

export function getErrorStatus(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}
