export function coreTables(migrationsDir?: string): Set<string>;
export function coreTablesQueried(text: string, tables: Set<string>): string[];
export function pluginCoreQueries(base?: string): Record<string, string[]>;
export function compareWithAllowed(found: Record<string, string[]>, allowed: Record<string, string[]>): { fresh: string[]; stale: string[] };
