export function circlesOf(graph: Record<string, string[]>): string[][];
export function circlesIn(src: string, tsconfig: string, baseDir?: string): Promise<{ circles: string[][]; unresolved: string[] }>;
export function sdkLeafViolations(baseDir?: string): Promise<string[]>;
