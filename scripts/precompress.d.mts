export function precompress(dir: string): { files: number; bytes: number; brotli: number };
export function precompressAll(root: string): { files: number; bytes: number; brotli: number };
