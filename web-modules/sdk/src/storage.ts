/** Keys the session keeps in localStorage (account-admin.md §4: logout clears all of them). */
export const StorageKeys = {
  token: 'token',
  companyId: 'companyId',
  userId: 'userId',
  campaignFlag: 'cshow',
  language: 'language',
  volume: 'volume',
} as const;

export function getToken(): string | null {
  return localStorage.getItem(StorageKeys.token);
}

export function storeSession(token: string, companyId: number, userId: number): void {
  localStorage.setItem(StorageKeys.token, token);
  localStorage.setItem(StorageKeys.companyId, String(companyId));
  localStorage.setItem(StorageKeys.userId, String(userId));
}

export function clearSession(): void {
  localStorage.removeItem(StorageKeys.token);
  localStorage.removeItem(StorageKeys.companyId);
  localStorage.removeItem(StorageKeys.userId);
  localStorage.removeItem(StorageKeys.campaignFlag);
}
