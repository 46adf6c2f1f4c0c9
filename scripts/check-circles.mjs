// Fails on any import circle (type imports included) in the server and web sources, and when the plugin SDK
// (core/src/plugin-sdk) imports anything of core's beyond itself.
// A circle is a strongly connected component of the import graph madge builds with TypeScript's resolver.
// scripts/import-circles-allowed.json may list circles still being broken (each a list of files); it must
// only shrink: a circle not covered by an entry fails, and so does an entry that no longer matches a circle.
import fs from 'node:fs';
import path from 'node:path';
import madge from 'madge';

const root = path.resolve(import.meta.dirname, '..');
const dirs = (parent) => fs.readdirSync(path.join(root, parent)).filter((d) => fs.existsSync(path.join(root, parent, d, 'src')));
const targets = [
  { src: 'core/src', tsconfig: 'core/tsconfig.json' },
  ...dirs('plugins').map((d) => ({ src: `plugins/${d}/src`, tsconfig: `plugins/${d}/tsconfig.json` })),
  { src: 'web-shell/src', tsconfig: 'web-shell/tsconfig.json' },
  ...dirs('web-modules').map((d) => ({ src: `web-modules/${d}/src`, tsconfig: `web-modules/${d}/tsconfig.json` })),
];

/** Tarjan's strongly connected components; a component of one file counts only when it imports itself. */
export function circlesOf(graph) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const circles = [];
  const visit = (start) => {
    // Iterative, so deep import chains cannot overflow the call stack.
    const frames = [{ node: start, edges: graph[start] ?? [], next: 0 }];
    indexOf.set(start, index);
    low.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (frames.length) {
      const frame = frames[frames.length - 1];
      if (frame.next < frame.edges.length) {
        const to = frame.edges[frame.next++];
        if (!indexOf.has(to)) {
          indexOf.set(to, index);
          low.set(to, index++);
          stack.push(to);
          onStack.add(to);
          frames.push({ node: to, edges: graph[to] ?? [], next: 0 });
        } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node), indexOf.get(to)));
        continue;
      }
      frames.pop();
      if (frames.length) {
        const parent = frames[frames.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) !== indexOf.get(frame.node)) continue;
      const members = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        members.push(member);
      } while (member !== frame.node);
      if (members.length > 1 || (graph[frame.node] ?? []).includes(frame.node)) circles.push(members.sort());
    }
  };
  for (const node of Object.keys(graph)) if (!indexOf.has(node)) visit(node);
  return circles;
}

/** Circles among the files of one source folder (paths relative to baseDir), and its relative imports madge could not resolve. */
export async function circlesIn(src, tsconfig, baseDir = root) {
  const result = await madge(path.resolve(baseDir, src), {
    baseDir,
    fileExtensions: ['ts', 'tsx'],
    tsConfig: path.resolve(baseDir, tsconfig),
    detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
  });
  const unresolved = result.warnings().skipped.filter((file) => file.startsWith('.')).map((file) => `${src}: ${file}`);
  return { circles: circlesOf(result.obj()), unresolved };
}

/** Imports of the plugin SDK's files that leave it (it must import only itself and outside packages). */
export async function sdkLeafViolations(baseDir = root) {
  const graph = (await madge(path.join(baseDir, 'core/src/plugin-sdk'), { baseDir, fileExtensions: ['ts'], tsConfig: path.join(baseDir, 'core/tsconfig.json') })).obj();
  return Object.keys(graph).flatMap((file) => (file.startsWith('core/src/plugin-sdk/') ? graph[file].filter((dep) => !dep.startsWith('core/src/plugin-sdk/')).map((dep) => `${file} -> ${dep}`) : []));
}

async function main() {
  const allowedFile = path.join(root, 'scripts/import-circles-allowed.json');
  const allowed = fs.existsSync(allowedFile) ? JSON.parse(fs.readFileSync(allowedFile, 'utf8')) : [];
  const found = [];
  const unresolved = [];
  for (const target of targets) {
    const result = await circlesIn(target.src, target.tsconfig);
    found.push(...result.circles);
    unresolved.push(...result.unresolved);
  }
  const covered = (circle) => allowed.some((entry) => circle.every((file) => entry.includes(file)));
  const fresh = found.filter((circle) => !covered(circle));
  const stale = allowed.filter((entry) => !found.some((circle) => circle.every((file) => entry.includes(file)) && circle.length === entry.length));
  for (const circle of fresh) console.error(`import circle of ${circle.length} files:\n  ${circle.join('\n  ')}`);
  for (const entry of stale) console.error(`scripts/import-circles-allowed.json lists a circle that is gone or smaller now; shrink it:\n  ${entry.join('\n  ')}`);
  for (const file of unresolved) console.error(`unresolved relative import (its circles cannot be checked): ${file}`);
  const leaks = await sdkLeafViolations();
  for (const leak of leaks) console.error(`the plugin SDK must not import core internals: ${leak}`);
  if (fresh.length || stale.length || unresolved.length || leaks.length) process.exit(1);
  console.log(`no import circles${allowed.length ? ` beyond the ${allowed.length} allowed` : ''} in ${targets.length} source folders`);
}

if (process.argv[1] === import.meta.filename) await main();
