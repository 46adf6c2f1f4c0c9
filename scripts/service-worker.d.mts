export const WORKER_FILE: string;
export function precacheManifest(distDir: string): { url: string; revision: string | null }[];
export function writePrecacheManifest(distDir: string, bundle?: string): void;
export function buildServiceWorker(shellDir: string): Promise<void>;
