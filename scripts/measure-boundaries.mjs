#!/usr/bin/env node
// Counts how the server's modules lean on each other (issue 25's numbers), so a change of the
// boundaries can be measured before and after: `node scripts/measure-boundaries.mjs [--list]`.
// A module is the first folder under apps/server/src/modules/; tests and test kits do not count.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const modulesDir = join(root, 'apps/server/src/modules');
const list = process.argv.includes('--list');
const isProduction = (f) =>
  f.endsWith('.ts') && !/\.test\.ts$|[-.](test-)?(kit|fixture)\.ts$/.test(f);

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}
const moduleOf = (file) => {
  const rel = relative(modulesDir, file);
  return rel.startsWith('..') || !rel.includes('/') ? undefined : rel.split('/')[0];
};
const files = walk(modulesDir).filter(isProduction);

// Tables each module owns: the keys of the interfaces in its *.tables.ts.
const owner = new Map();
for (const file of files.filter((f) => f.endsWith('.tables.ts'))) {
  const source = readFileSync(file, 'utf8');
  for (const [, body] of source.matchAll(/export interface \w*Tables\b[^{]*\{([^}]*)\}/g)) {
    for (const [, table] of body.matchAll(/^\s*([a-z_0-9]+)\s*:/gm))
      owner.set(table, moduleOf(file));
  }
}

const crossing = [];
const intoRepo = [];
const notThroughIndex = [];
const reads = new Map(); // "reader -> owner" → sites
const writes = [];
for (const file of files) {
  const from = moduleOf(file);
  const source = readFileSync(file, 'utf8');
  for (const [, spec] of source.matchAll(
    /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+'([^']+)'/g,
  )) {
    if (!spec.startsWith('.')) continue;
    const target = resolve(dirname(file), spec);
    const to = moduleOf(target);
    if (!to || to === from) continue;
    const site = `${relative(root, file)} → ${relative(root, target)}`;
    crossing.push(site);
    if (!/\/modules\/[^/]+\/index\.ts$/.test(target)) notThroughIndex.push(site);
    if (target.endsWith('.repo.ts')) intoRepo.push(site);
  }
  const rel = relative(root, file);
  // Raw SQL (sql`…`) names its tables after from/join/update/into.
  for (const [, text] of source.matchAll(/\bsql`([^`]*)`/g)) {
    for (const [, verb, table] of text.matchAll(/\b(from|join|update|into)\s+"?([a-z_0-9]+)/gi)) {
      const tableOwner = owner.get(table);
      if (!tableOwner || tableOwner === from) continue;
      if (/^(update|into)$/i.test(verb))
        writes.push(`${rel}: sql ${verb} ${table} [${from} → ${tableOwner}]`);
      else {
        const key = `${from} → ${tableOwner}`;
        reads.set(key, [...(reads.get(key) ?? []), `${rel}: sql ${verb} ${table}`]);
      }
    }
  }
  for (const m of source.matchAll(
    /\b(selectFrom|innerJoin|leftJoin|rightJoin|fullJoin|updateTable|insertInto|deleteFrom|mergeInto)\(\s*'([a-z_0-9]+)/g,
  )) {
    const [, verb, table] = m;
    const tableOwner = owner.get(table);
    if (!tableOwner || tableOwner === from) continue;
    const write = /^(updateTable|insertInto|deleteFrom|mergeInto)$/.test(verb);
    if (write) writes.push(`${rel}: ${verb}('${table}') [${from} → ${tableOwner}]`);
    else {
      const key = `${from} → ${tableOwner}`;
      reads.set(key, [...(reads.get(key) ?? []), `${rel}: ${verb}('${table}')`]);
    }
  }
}
const pairs = new Set(
  crossing.map((s) =>
    s
      .split(' → ')
      .map((p) => p.split('/')[4])
      .join(' → '),
  ),
);
const readSites = [...reads.values()].reduce((n, s) => n + s.length, 0);
const readersOf = (table) =>
  new Set(
    [...reads.values()]
      .flat()
      .filter((s) => s.match(new RegExp(`\\('${table}'\\)|sql \\w+ ${table}$`)))
      .map((s) => s.split('/')[4]),
  ).size;
console.log(`production files                 ${files.length}`);
console.log(`imports crossing modules         ${crossing.length} (${pairs.size} pairs)`);
console.log(`  not through the module's index ${notThroughIndex.length}`);
console.log(`  into another module's repo     ${intoRepo.length}`);
console.log(`reader → owner pairs (reads)     ${reads.size} (${readSites} sites)`);
console.log(
  `  modules reading product/sku    ${new Set([...readersOfTables(['product', 'sku'])]).size}`,
);
console.log(`  modules reading app_user       ${readersOf('app_user')}`);
console.log(`writes to another's tables       ${writes.length}`);
function readersOfTables(tables) {
  return [...reads.values()]
    .flat()
    .filter((s) => tables.some((t) => new RegExp(`\\('${t}'\\)|sql \\w+ ${t}$`).test(s)))
    .map((s) => s.split('/')[4]);
}
if (list) {
  console.log("\n# into another module's repo");
  for (const s of intoRepo) console.log(s);
  console.log('\n# writes');
  for (const s of writes) console.log(s);
  console.log('\n# reads');
  for (const [k, s] of reads) console.log(`${k}: ${s.length}\n  ${s.join('\n  ')}`);
}
