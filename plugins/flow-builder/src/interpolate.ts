/** "Olá {{name}}": each {{key}} replaced by the run's variable (missing: empty). */
export function interpolate(text: string, variables: Record<string, string>): string {
  return text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (_, key: string) => variables[key] ?? '');
}
