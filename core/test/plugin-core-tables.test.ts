import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareWithAllowed, coreTables, coreTablesQueried, pluginCoreQueries } from '../../scripts/check-core-tables.mjs';

const root = path.resolve(import.meta.dirname, '../..');

describe('plugins keep off core tables (npm run check)', () => {
  const tables = coreTables();

  it("knows core's tables from its migrations, in both spellings", () => {
    for (const name of ['whatsapps', 'messages', 'contacts', 'tickets', 'tags', 'queues', 'ticket_tags', 'ticketTags']) expect(tables.has(name)).toBe(true);
    expect(tables.has('campaigns')).toBe(false);
  });

  it('finds knex queries of core tables, aliases and joins included, and ignores plugin tables and plain strings', () => {
    const code = [
      "await ctx.db('whatsapps').where({ id }).first();",
      "await trx('messages as m').update({ ack: 3 });",
      "q.leftJoin('ticket_tags as tt', 'tt.ticketId', 't.id').join(\"tags\", 'tags.id', 'tt.tagId');",
      "db.select('*').from(`contacts`);",
      "await ctx.db('campaigns').insert(row);",
      "log.info('tickets'); const label = t('queues');",
    ].join('\n');
    expect(coreTablesQueried(code, tables)).toEqual(['contacts', 'messages', 'tags', 'ticketTags', 'whatsapps']);
  });

  it('fails on a query not allowed and on an allowed one that is gone, so the list only shrinks', () => {
    const allowed = { 'plugins/a/src/x.ts': ['tickets', 'whatsapps'] };
    expect(compareWithAllowed({ 'plugins/a/src/x.ts': ['tickets', 'whatsapps'] }, allowed)).toEqual({ fresh: [], stale: [] });
    expect(compareWithAllowed({ 'plugins/a/src/x.ts': ['tickets', 'whatsapps'], 'plugins/b/src/y.ts': ['messages'] }, allowed)).toEqual({ fresh: ['plugins/b/src/y.ts: messages'], stale: [] });
    expect(compareWithAllowed({ 'plugins/a/src/x.ts': ['whatsapps'] }, allowed)).toEqual({ fresh: [], stale: ['plugins/a/src/x.ts: tickets'] });
  });

  it('matches the allow-list on the tree as it is', () => {
    const allowed = JSON.parse(fs.readFileSync(path.join(root, 'scripts/plugin-core-tables-allowed.json'), 'utf8'));
    expect(compareWithAllowed(pluginCoreQueries(), allowed)).toEqual({ fresh: [], stale: [] });
  });
});
