#!/usr/bin/env node
/**
 * The API's import graph in figures (docs/architecture.md): how the feature folders under apps/api/src/modules lean on
 * one another. Runs dependency-cruiser over apps/api/src (tests left out) and prints:
 * - the folder graph's cycles (groups of folders that import one another, directly or round about);
 * - its floors: the longest chain of folders each importing the next (a folder in a cycle counts once for the cycle);
 * - the imports that run back up the layers (lib/ or db/ importing a feature, a feature importing the app layer);
 * - the source modules over 400 lines, and whether their first lines say why.
 * `--json` prints the same as JSON. Usage: node scripts/import-graph.mjs [--json]
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const LIMIT_LINES = 400;

const raw = execFileSync(
  join(root, 'node_modules/.bin/depcruise'),
  ['apps/api/src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json', '--exclude', '\\.test\\.ts$|/test/'],
  { cwd: root, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' },
);
const { modules } = JSON.parse(raw);

const featureOf = (path) => /^apps\/api\/src\/modules\/([^/]+)\//.exec(path)?.[1];
const layerOf = (path) => {
  if (featureOf(path)) return 'feature';
  // config.ts, the one reader of the environment, is part of the core every layer may read.
  if (/^apps\/api\/src\/(lib|db)\//.test(path) || path === 'apps/api/src/config.ts') return 'core';
  if (/^apps\/api\/src\//.test(path)) return 'app';
  return 'other';
};
const RANK = { core: 0, feature: 1, app: 2, other: -1 };

/** Folder → folders it imports (runtime and type imports alike: a type import ties two folders all the same). */
const edges = new Map();
const backwards = [];
for (const module of modules) {
  const from = featureOf(module.source);
  for (const dependency of module.dependencies ?? []) {
    const to = featureOf(dependency.resolved);
    if (from && to && from !== to) {
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from).add(to);
    }
    const [a, b] = [layerOf(module.source), layerOf(dependency.resolved)];
    if (RANK[a] >= 0 && RANK[b] > RANK[a]) backwards.push(`${module.source} → ${dependency.resolved}`);
  }
}
const folders = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((set) => [...set])])].sort();
for (const folder of folders) if (!edges.has(folder)) edges.set(folder, new Set());

// Tarjan's strongly connected components: each is a cycle when it holds more than one folder.
let index = 0;
const stack = [];
const state = new Map();
const components = [];
function strongConnect(v) {
  state.set(v, { index, low: index, onStack: true });
  index += 1;
  stack.push(v);
  for (const w of edges.get(v)) {
    if (!state.has(w)) {
      strongConnect(w);
      state.get(v).low = Math.min(state.get(v).low, state.get(w).low);
    } else if (state.get(w).onStack) state.get(v).low = Math.min(state.get(v).low, state.get(w).index);
  }
  if (state.get(v).low === state.get(v).index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      state.get(w).onStack = false;
      component.push(w);
    } while (w !== v);
    components.push(component.sort());
  }
}
for (const folder of folders) if (!state.has(folder)) strongConnect(folder);
const componentOf = new Map(components.flatMap((component, i) => component.map((folder) => [folder, i])));
const cycles = components.filter((component) => component.length > 1);

// Floors: the longest chain in the graph of components (each component one floor).
const floorsMemo = new Map();
function floors(i) {
  if (floorsMemo.has(i)) return floorsMemo.get(i);
  let below = 0;
  let chain = [];
  for (const folder of components[i])
    for (const to of edges.get(folder)) {
      const j = componentOf.get(to);
      if (j === i) continue;
      const result = floors(j);
      if (result.count > below) {
        below = result.count;
        chain = result.chain;
      }
    }
  const result = { count: below + 1, chain: [components[i].join('+'), ...chain] };
  floorsMemo.set(i, result);
  return result;
}
let longest = { count: 0, chain: [] };
for (let i = 0; i < components.length; i += 1) if (floors(i).count > longest.count) longest = floors(i);

// The longest chain of folders without the cycles folded: a path that visits a folder once (depth-first, small graph).
let longestPath = [];
function walk(path, seen) {
  if (path.length > longestPath.length) longestPath = [...path];
  for (const to of edges.get(path.at(-1)))
    if (!seen.has(to)) {
      seen.add(to);
      path.push(to);
      walk(path, seen);
      path.pop();
      seen.delete(to);
    }
}
for (const folder of folders) walk([folder], new Set([folder]));

// Modules over the limit, from the source files the graph holds (tests are not in it).
const long = modules
  .filter((module) => /^apps\/api\/src\/.*\.ts$/.test(module.source))
  .map((module) => {
    const text = readFileSync(join(root, module.source), 'utf8');
    const lines = text.split('\n').length;
    const head = text.split('\n').slice(0, 12).join('\n');
    return { path: module.source, lines, reason: /over 400 lines|more than 400 lines|400 lines/i.test(head) };
  })
  .filter((module) => module.lines > LIMIT_LINES)
  .sort((a, b) => b.lines - a.lines);

const report = {
  folders: folders.length,
  folderEdges: [...edges.values()].reduce((sum, set) => sum + set.size, 0),
  cycles,
  floors: longest.count,
  longestChain: longest.chain,
  longestPath: longestPath.length,
  longestPathChain: longestPath,
  backwards,
  modulesOver400: long,
};

if (process.argv.includes('--json')) console.log(JSON.stringify(report, null, 2));
else {
  console.log(`feature folders: ${report.folders}, folder-to-folder imports: ${report.folderEdges}`);
  console.log(`cycles between folders: ${cycles.length}${cycles.map((c) => `\n  {${c.join(', ')}}`).join('')}`);
  console.log(`floors (longest chain, a cycle one floor): ${report.floors}\n  ${longest.chain.join(' → ')}`);
  console.log(`longest chain of folders, each once: ${longestPath.length}\n  ${longestPath.join(' → ')}`);
  console.log(`imports back up the layers: ${backwards.length}${backwards.map((b) => `\n  ${b}`).join('')}`);
  console.log(
    `modules over ${LIMIT_LINES} lines: ${long.length}${long.map((m) => `\n  ${m.lines} ${m.path}${m.reason ? ' (reason given)' : ''}`).join('')}`,
  );
}
