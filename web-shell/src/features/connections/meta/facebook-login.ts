import { fetchLoginConfig, linkFacebook } from './meta-api.js';

/** The part of Meta's JS SDK (window.FB) the login uses. */
interface FacebookSdk {
  init(options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }): void;
  login(callback: (response: { status: string; authResponse?: { userID: string; accessToken: string } | null }) => void, options: { scope: string; return_scopes?: boolean }): void;
}

declare global {
  interface Window {
    FB?: FacebookSdk;
  }
}

const SDK_VERSION = 'v21.0';
let loading: Promise<FacebookSdk> | null = null;

function loadSdk(url: string, appId: string): Promise<FacebookSdk> {
  if (window.FB) return Promise.resolve(window.FB);
  loading ??= new Promise<FacebookSdk>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.crossOrigin = 'anonymous';
    script.onload = () => {
      if (!window.FB) return reject(new Error('Facebook SDK did not load'));
      window.FB.init({ appId, version: SDK_VERSION, cookie: false, xfbml: false });
      resolve(window.FB);
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('Facebook SDK did not load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

export type FacebookLoginResult = { kind: 'linked'; count: number } | { kind: 'cancelled' } | { kind: 'notConfigured' };

/**
 * The new-connection menu's Facebook / Instagram items: Facebook Login with the page-messaging and
 * Instagram scopes the server names (JS SDK from its sdkUrl), then POST /facebook, which links the
 * pages (and their Instagram accounts for the Instagram item).
 */
export async function facebookLogin(channel: 'facebook' | 'instagram'): Promise<FacebookLoginResult> {
  const config = await fetchLoginConfig();
  if (!config.configured || !config.appId) return { kind: 'notConfigured' };
  const sdk = await loadSdk(config.sdkUrl, config.appId);
  const auth = await new Promise<{ userID: string; accessToken: string } | null>((resolve) =>
    sdk.login((response) => resolve(response.status === 'connected' && response.authResponse ? response.authResponse : null), { scope: config.scopes.join(','), return_scopes: true }),
  );
  if (!auth) return { kind: 'cancelled' };
  const { connections } = await linkFacebook({ facebookUserId: auth.userID, facebookUserToken: auth.accessToken, addInstagram: channel === 'instagram' });
  return { kind: 'linked', count: connections.length };
}
