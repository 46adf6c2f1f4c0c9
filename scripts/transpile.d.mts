export function transpileFile(file: string, out: string): void;
export function transpileAll(root: string, outDirOf?: (outDir: string) => string): number;
