/**
 * Formik's error tree built from issue paths, as Formik's own `getIn`/`setIn` would (an array under a
 * numeric key, an object otherwise), written here so the SDK needs no Formik code at run time: the
 * SDK loads with the first page, Formik only with a form (issue #28).
 */
type Tree = Record<string, unknown> | unknown[];

const isIndex = (key: string) => /^\d+$/.test(key);

export function errorAt(tree: unknown, path: readonly string[]): unknown {
  let node = tree;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Puts `message` at `path` in `tree` (mutated), creating the containers on the way. */
export function putError(tree: Tree, path: readonly string[], message: string): void {
  let node = tree as Record<string, unknown>;
  path.forEach((key, i) => {
    if (i === path.length - 1) {
      node[key] = message;
      return;
    }
    const next = node[key];
    if (next === null || typeof next !== 'object') node[key] = isIndex(path[i + 1]!) ? [] : {};
    node = node[key] as Record<string, unknown>;
  });
}
