// Fails when a plugin's source queries one of core's tables (ARCHITECTURE §1: plugins keep ctx.db for their
// own tables and reach core's data through the SDK's services). Core's tables are those core's migrations
// create (migrations/src); a query is a knex call naming one: db('…'), trx('…'), ctx.db('…'), .join('…'),
// .from('…') …, in camelCase or snake_case, with or without an alias.
// scripts/plugin-core-tables-allowed.json lists today's offenders per file; it may only shrink: a query of a
// core table not listed fails, and so does a listed one the file no longer makes.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

const camel = (snake) => snake.replace(/_([a-z])/g, (_, c) => c.toUpperCase());

/** Core's tables, by both spellings knex accepts here (snake_case in SQL, camelCase through the identifier mapping). */
export function coreTables(migrationsDir = path.join(root, 'migrations/src')) {
  const names = new Set();
  for (const file of fs.readdirSync(migrationsDir)) {
    if (!file.endsWith('.ts')) continue;
    for (const match of fs.readFileSync(path.join(migrationsDir, file), 'utf8').matchAll(/createTable\(\s*['"]([a-z_]+)['"]/g)) {
      names.add(match[1]);
      names.add(camel(match[1]));
    }
  }
  return names;
}

const QUERY = /(?:\b(?:db|trx|knex)|\.(?:from|join|leftJoin|rightJoin|innerJoin|leftOuterJoin|fullOuterJoin|crossJoin|table|into|with))\s*\(\s*['"`]([A-Za-z_]+)(?:\s+as\s+\w+)?['"`]/g;

/** The core tables a source text queries, sorted by their camelCase name. */
export function coreTablesQueried(text, tables) {
  const found = new Set();
  for (const match of text.matchAll(QUERY)) if (tables.has(match[1])) found.add(camel(match[1]));
  return [...found].sort();
}

function sources(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sources(full);
    return entry.name.endsWith('.ts') || entry.name.endsWith('.tsx') ? [full] : [];
  });
}

/** Every plugin source file (migrations aside) that queries core tables: { 'plugins/x/src/y.ts': ['tickets', …] }. */
export function pluginCoreQueries(base = root) {
  const tables = coreTables(path.join(base, 'migrations/src'));
  const result = {};
  for (const plugin of fs.readdirSync(path.join(base, 'plugins')).sort()) {
    for (const file of sources(path.join(base, 'plugins', plugin, 'src')).sort()) {
      const queried = coreTablesQueried(fs.readFileSync(file, 'utf8'), tables);
      if (queried.length) result[path.relative(base, file)] = queried;
    }
  }
  return result;
}

/** What a run reports: queries not allowed, and allowed ones no longer made (the list must shrink with the code). */
export function compareWithAllowed(found, allowed) {
  const fresh = [];
  const stale = [];
  for (const [file, tables] of Object.entries(found)) for (const table of tables) if (!allowed[file]?.includes(table)) fresh.push(`${file}: ${table}`);
  for (const [file, tables] of Object.entries(allowed)) for (const table of tables) if (!found[file]?.includes(table)) stale.push(`${file}: ${table}`);
  return { fresh, stale };
}

async function main() {
  const allowedFile = path.join(root, 'scripts/plugin-core-tables-allowed.json');
  const allowed = fs.existsSync(allowedFile) ? JSON.parse(fs.readFileSync(allowedFile, 'utf8')) : {};
  const found = pluginCoreQueries();
  if (process.argv.includes('--write-allowed')) {
    fs.writeFileSync(allowedFile, `${JSON.stringify(found, null, 2)}\n`);
    return;
  }
  const { fresh, stale } = compareWithAllowed(found, allowed);
  for (const line of fresh) console.error(`a plugin queries a core table (use an SDK service instead): ${line}`);
  for (const line of stale) console.error(`scripts/plugin-core-tables-allowed.json lists a query that is gone; shrink it: ${line}`);
  if (fresh.length || stale.length) process.exit(1);
  const count = Object.values(allowed).reduce((sum, tables) => sum + tables.length, 0);
  console.log(`no plugin queries a core table beyond the ${count} allowed (${Object.keys(allowed).length} files)`);
}

if (process.argv[1] === import.meta.filename) await main();
