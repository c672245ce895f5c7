/**
 * Every reference in the repository leads somewhere inside it. The product's rules are in docs/product.md and
 * docs/rules.md, the reasons in docs/decisions/; no comment, test or document may cite a section of the team's input
 * documents (the product specification, the design notes), a numbered issue, or a file in the team's folder beside
 * the repository, because whoever maintains the project next has none of them.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

// Written in pieces so that this file does not cite what it forbids.
const SECTION = '\u00a7';
const CITATIONS: readonly { name: string; pattern: RegExp }[] = [
  { name: 'a numbered section of an outside document', pattern: new RegExp(`${SECTION}\\s*\\d`) },
  { name: 'the design notes', pattern: new RegExp(`\\b${'DES'}IGN\\b`) },
  { name: 'a numbered issue', pattern: /\bissues?\s+#?\d+/i },
  { name: "the team's folder beside the repository", pattern: new RegExp(`\\.\\./${'sha'}red/`) },
  { name: "the team's input files", pattern: new RegExp(`\\b(product-${'spec'}|${'STY'}LE\\.md)\\b`) },
];

/** Files the guard does not read: binaries and the lock file (package metadata). */
const BINARY = new Set(['.png', '.jpg', '.jpeg', '.gif', '.webp', '.ico', '.woff', '.woff2', '.pdf', '.br', '.gz']);
const SKIPPED = new Set(['package-lock.json']);

function trackedFiles(): string[] {
  try {
    return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
      .split('\0')
      .filter(Boolean);
  } catch {
    // Not a git checkout (an unpacked archive): every file but the installed and built ones.
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (['node_modules', 'dist', '.git'].includes(entry.name)) continue;
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else files.push(relative(root, path));
      }
    };
    walk(root);
    return files;
  }
}

/** Each line that cites something outside the repository, as `path:line: what (the line)`. */
function findCitations(path: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    const cited = CITATIONS.find(({ pattern }) => pattern.test(line));
    if (cited) found.push(`${path}:${index + 1}: cites ${cited.name}: ${line.trim().slice(0, 160)}`);
  });
  return found;
}

describe('references stay inside the repository', () => {
  it('recognises each kind of citation and leaves the ordinary word "issue" alone', () => {
    expect(findCitations('a.ts', `// rule of spec ${SECTION}5`)).toHaveLength(1);
    expect(findCitations('a.md', `as it asks (${SECTION}8: an alert)`)).toHaveLength(1);
    expect(findCitations('a.ts', `// see ${'DES'}IGN ${SECTION}4`)).toHaveLength(1);
    expect(findCitations('a.ts', `// fixed in ${'iss'}ue 12, item 2`)).toHaveLength(1);
    expect(findCitations('a.md', `layout in ../${'sha'}red/data/README.md`)).toHaveLength(1);
    expect(findCitations('a.ts', '// the issue here is the lock order (decision 035)')).toEqual([]);
    expect(findCitations('a.ts', '// docs/rules.md#applications')).toEqual([]);
  });

  it('no tracked source or document cites the specification, the design notes, an issue number or a file outside', () => {
    const files = trackedFiles().filter(
      (path) => !SKIPPED.has(path) && !BINARY.has(extname(path).toLowerCase()) && !path.includes('node_modules/'),
    );
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const path of files) {
      let text: string;
      try {
        text = readFileSync(resolve(root, path), 'utf8');
      } catch {
        continue; // listed by git but deleted in the working tree
      }
      if (text.includes('\0')) continue;
      found.push(...findCitations(path, text));
    }
    expect(found, 'point these at docs/product.md, docs/rules.md or a decision record instead').toEqual([]);
  });
});
