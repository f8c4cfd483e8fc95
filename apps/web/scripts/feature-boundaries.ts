import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The web app's layering (docs/ARCHITECTURE.md): core → ui → features → app. A feature imports
 * core, ui and itself only; what two features share lives in ui/, and the app layer (router,
 * layout) is the only place that puts features together. This finds the imports that break it.
 */

/** One import (static, dynamic, a side-effect CSS import or a vi.mock path) across features. */
export interface Crossing {
  /** The importing file, relative to src/ with forward slashes. */
  from: string;
  /** The imported file, the same way. */
  to: string;
}

const SPECIFIER = /(?:from\s+|import\s*\(\s*|import\s+|vi\.mock\(\s*)(['"])(\.{1,2}\/[^'"\n]+)\1/g;

/** The feature a src-relative path belongs to, or null outside features/. */
export function featureOf(path: string): string | null {
  const parts = path.split('/');
  return parts[0] === 'features' && parts.length > 2 ? (parts[1] ?? null) : null;
}

/** The crossings in `files` (src-relative path → source text). */
export function findCrossings(files: ReadonlyMap<string, string>): Crossing[] {
  const found: Crossing[] = [];
  for (const [from, source] of files) {
    const own = featureOf(from);
    if (own === null) continue;
    for (const match of source.matchAll(SPECIFIER)) {
      const to = join(dirname(from), match[2] ?? '')
        .split(sep)
        .join('/');
      const theirs = featureOf(to);
      if (theirs !== null && theirs !== own) found.push({ from, to });
    }
  }
  return found;
}

/** Every .ts/.tsx file under `srcDir`, keyed by its src-relative path. */
export function readSources(srcDir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name)) {
        files.set(relative(resolve(srcDir), path).split(sep).join('/'), readFileSync(path, 'utf8'));
      }
    }
  };
  walk(srcDir);
  return files;
}
