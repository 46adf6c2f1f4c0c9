import axios, { AxiosHeaders, type AxiosError, type InternalAxiosRequestConfig } from 'axios';
import type { AuthResponse } from '@guiche/contracts';
import { clearSession, getToken, storeSession } from './storage.js';
import { navigateTo, notifySessionEnded } from './navigation.js';
import { errorCodeOf } from './errors.js';
import { planDeniedMessage } from './plan-denial.js';
import { ERROR_TOAST_MS, showToast } from './toast.js';
import { Intent } from '@blueprintjs/core';

/** Delay before leaving a page the plan does not allow (account-admin.md §9). */
export const DENIAL_REDIRECT_MS = 1000;

/** The one HTTP client of the web: bearer token from localStorage, refresh cookie sent along. */
export const api = axios.create({ baseURL: '/api', withCredentials: true });

type RetriableConfig = InternalAxiosRequestConfig & { _retried?: boolean };

// Requests whose failure is the answer itself, never a reason to refresh or leave the page.
const AUTH_PATHS = ['/auth/login', '/auth/refresh_token', '/auth/logout', '/auth/signup'];
function isAuthRequest(config: InternalAxiosRequestConfig | undefined): boolean {
  const url = config?.url ?? '';
  return AUTH_PATHS.some((p) => url === p || url.endsWith(p));
}

api.interceptors.request.use((config) => {
  const token = getToken();
  if (token) {
    const headers = AxiosHeaders.from(config.headers);
    headers.set('Authorization', `Bearer ${token}`);
    config.headers = headers;
  }
  return config;
});

// Concurrent 403s share one refresh call.
let refreshing: Promise<string | null> | null = null;

/** POST /auth/refresh_token with the httpOnly cookie; stores and returns the new token. */
export function refreshAccessToken(): Promise<string | null> {
  refreshing ??= api
    .post<AuthResponse>('/auth/refresh_token')
    .then(({ data }) => {
      storeSession(data.token, data.user.companyId, data.user.id);
      return data.token;
    })
    .catch(() => null)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

function endSession(): void {
  clearSession();
  notifySessionEnded();
  if (window.location.pathname !== '/login') navigateTo('/login');
}

let denialPending = false;
function denyByPlan(feature: unknown): void {
  if (denialPending) return;
  denialPending = true;
  showToast({ message: planDeniedMessage(feature), intent: Intent.DANGER, timeout: ERROR_TOAST_MS });
  setTimeout(() => {
    denialPending = false;
    navigateTo('/');
  }, DENIAL_REDIRECT_MS);
}

api.interceptors.response.use(
  (response) => response,
  async (error: AxiosError) => {
    const config = error.config as RetriableConfig | undefined;
    const status = error.response?.status;
    const code = errorCodeOf(error);
    if (!config || isAuthRequest(config)) throw error;

    if (status === 403 && code === 'ERR_PLAN_DISABLED') {
      denyByPlan((error.response?.data as { feature?: unknown } | undefined)?.feature);
      throw error;
    }
    // A 403 (and an expired access token) earns one refresh, then the request is retried once.
    const mayRefresh = status === 403 || (status === 401 && code === 'ERR_SESSION_EXPIRED');
    if (mayRefresh && !config._retried) {
      config._retried = true;
      const token = await refreshAccessToken();
      if (token) return api.request(config);
      if (status === 401) endSession();
      throw error;
    }
    if (status === 401) endSession();
    throw error;
  },
);
