import { describe, expect, it } from 'vitest';
import { configKeys, directReads, documentedVariables, variablesTheCodeReads } from './env-reads.js';

/** docs/deploy.md documents every environment variable the code reads, and nothing else (issue 27). */
describe('the deploy guide\'s environment table', () => {
  it('finds the variables where the code reads them', () => {
    expect(configKeys()).toEqual(expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'JWT_SECRET', 'PORT']));
    expect(directReads().get('SECRETS_KEY')).toEqual(expect.arrayContaining(['core/src/secrets/secret-box.ts']));
  });

  it('has one row per variable: none missing, none extra, none twice', () => {
    const documented = documentedVariables();
    const read = variablesTheCodeReads();
    expect({ missing: read.filter((v) => !documented.includes(v)), extra: documented.filter((v) => !read.includes(v)) }).toEqual({ missing: [], extra: [] });
    expect(documented.filter((v, i) => documented.indexOf(v) !== i)).toEqual([]);
  });
});
