import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/index.ts';

const README = new URL('../../../../README.md', import.meta.url);

/** Every variable loadConfig looks at, seen through an environment that records its reads. */
function variablesRead(): string[] {
  const read = new Set<string>();
  const env = new Proxy<NodeJS.ProcessEnv>(
    {},
    {
      get(_target, key) {
        if (typeof key === 'string') read.add(key);
        return undefined;
      },
    },
  );
  loadConfig(env);
  return [...read].sort();
}

/** Rows of README's configuration table: the variables named in each row's first cell. */
function documentedRows(): { names: string[]; cells: string[] }[] {
  const text = readFileSync(README, 'utf8');
  const section = text.split('\n## Configuration\n')[1]?.split('\n## ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .slice(1)
    .map((line) => {
      const cells = line
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((c) => c.trim());
      const names = [...(cells[0] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1] ?? '');
      return { names, cells };
    });
}

describe("README's configuration table", () => {
  it('names every variable the server reads, and none it does not', () => {
    const rows = documentedRows();
    const documented = rows.flatMap((r) => r.names).sort();
    const read = variablesRead();
    expect({ missing: read.filter((v) => !documented.includes(v)) }).toEqual({ missing: [] });
    expect({ stale: documented.filter((v) => !read.includes(v)) }).toEqual({ stale: [] });
  });

  it('gives each row a name, a default and a meaning', () => {
    for (const row of documentedRows()) {
      expect(row.names.length, row.cells.join(' | ')).toBeGreaterThan(0);
      expect(row.cells, row.cells.join(' | ')).toHaveLength(3);
      expect(
        row.cells.every((c) => c.length > 0),
        row.cells.join(' | '),
      ).toBe(true);
    }
  });
});
