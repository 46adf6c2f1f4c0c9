import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function restrictedImports(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('package boundaries (npm run check)', () => {
  it('forbid a plugin importing another plugin or core internals', async () => {
    expect(await restrictedImports('plugins/internal-chat/src/x.ts', "import p from '@guiche/plugin-kanban';\nexport default p;\n")).toHaveLength(1);
    expect(await restrictedImports('plugins/internal-chat/src/x.ts', "import { a } from '../../../core/src/kernel.js';\nexport default a;\n")).toHaveLength(1);
    expect(await restrictedImports('plugins/internal-chat/src/x.ts', "import { definePlugin } from '@guiche/core';\nexport default definePlugin;\n")).toEqual([]);
  });

  it('forbid web code importing server packages, and a web module importing the shell', async () => {
    expect(await restrictedImports('web-modules/internal-chat/src/x.ts', "import Fastify from 'fastify';\nexport default Fastify;\n")).toHaveLength(1);
    expect(await restrictedImports('web-shell/src/x.ts', "import { createKernel } from '@guiche/core';\nexport default createKernel;\n")).toHaveLength(1);
    expect(await restrictedImports('web-modules/internal-chat/src/x.ts', "import x from '@guiche/web-shell';\nexport default x;\n")).toHaveLength(1);
    expect(await restrictedImports('web-modules/internal-chat/src/x.ts', "import { api } from '@guiche/web-sdk';\nexport default api;\n")).toEqual([]);
  });
});
