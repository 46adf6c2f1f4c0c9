/** The Meta app behind Facebook Login and the Messenger/Instagram webhooks: from the environment. */
export interface MetaApp {
  appId: string | null;
  appSecret: string | null;
  verifyToken: string | null;
}

export function metaApp(env: Record<string, string | undefined> = process.env): MetaApp {
  return { appId: env.META_APP_ID || null, appSecret: env.META_APP_SECRET || null, verifyToken: env.META_VERIFY_TOKEN || null };
}
