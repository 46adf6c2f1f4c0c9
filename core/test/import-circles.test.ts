import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { circlesIn, circlesOf, sdkLeafViolations } from '../../scripts/check-circles.mjs';


const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'circles-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
}

describe('import circle check (npm run check)', () => {
  it('finds each strongly connected group once, self-imports included, and nothing in a tree', () => {
    expect(circlesOf({ a: ['b'], b: ['c'], c: ['a', 'd'], d: [], e: ['e'], f: ['d'] })).toEqual([['a', 'b', 'c'], ['e']]);
    expect(circlesOf({ a: ['b', 'c'], b: ['c'], c: [] })).toEqual([]);
  });

  it('counts type-only imports and resolves .js specifiers to the TypeScript sources', async () => {
    write({
      'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true } }),
      'src/a.ts': "import type { B } from './b.js';\nexport interface A { b: B }\n",
      'src/b.ts': "import { type C } from './sub/c.js';\nexport interface B { c: C }\n",
      'src/sub/c.ts': "import type { A } from '../a.js';\nexport type C = A[];\n",
      'src/leaf.ts': "import type { A } from './a.js';\nexport type L = A;\n",
    });
    const found = await circlesIn('src', 'tsconfig.json', dir);
    expect(found).toEqual({ circles: [['src/a.ts', 'src/b.ts', 'src/sub/c.ts']], unresolved: [] });
  });

  it('reports a relative import it cannot resolve rather than skipping its circles silently', async () => {
    write({ 'other/x.ts': "import type { Y } from './missing.js';\nexport type X = Y;\n" });
    const found = await circlesIn('other', 'tsconfig.json', dir);
    expect(found.unresolved).toEqual(['other: ./missing.js']);
  });

  it('keeps the plugin SDK a leaf: its files import only each other and outside packages, never core internals', async () => {
    expect(await sdkLeafViolations()).toEqual([]);
    write({
      'core/tsconfig.json': JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext' } }),
      'core/src/plugin-sdk/types.ts': "import type { Row } from '../messaging/row.js';\nimport type { E } from './errors.js';\nexport type T = Row | E;\n",
      'core/src/plugin-sdk/errors.ts': 'export type E = Error;\n',
      'core/src/messaging/row.ts': 'export interface Row { id: number }\n',
    });
    expect(await sdkLeafViolations(dir)).toEqual(['core/src/plugin-sdk/types.ts -> core/src/messaging/row.ts']);
  });
});
