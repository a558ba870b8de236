// Fails on an import cycle (`npm run lint` runs it): madge reads every import of src/, harness/, bench/ and
// scripts/, type-only imports included (a cycle through types is still a cycle in the design), and no import
// may lie on a cycle. Its own search for cycles (strongly connected components) finds every import on one:
// madge's list prints only some of them.
//
// Usage: node scripts/importCycles.js
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist') + sep;

const result = await madge(['src', 'harness', 'bench', 'scripts'], {
  baseDir: root,
  fileExtensions: ['ts', 'js'],
  tsConfig: join(root, 'tsconfig.json'),
  detectiveOptions: { ts: { skipTypeImports: false }, es6: { skipTypeImports: false } },
  // bench/ and scripts/ run the build (dist/): its files are a compiled copy of src/, not more sources.
  dependencyFilter: (path) => !path.startsWith(dist),
});

// An import madge cannot resolve is an edge it cannot see: only the build and packages may be missing.
const unresolved = result
  .warnings()
  .skipped.filter((path) => path.startsWith('.') && !/(^|\/)dist\//.test(path));
if (unresolved.length > 0) {
  console.error(`import cycles: cannot resolve ${unresolved.join(', ')}; the check would miss their edges.`);
  process.exit(1);
}

/** @type {Record<string, string[]>} */
const graph = result.obj();
const edge = (from, to) => `${from} > ${to}`;

/** The strongly connected components of `graph` with more than one file, or a file importing itself. */
function cyclicComponents() {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  let next = 0;
  // Iterative Tarjan: a recursive one would go as deep as the longest import chain.
  for (const start of Object.keys(graph)) {
    if (index.has(start)) continue;
    const work = [{ file: start, child: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const children = graph[frame.file] ?? [];
      if (frame.child < children.length) {
        const child = children[frame.child++];
        if (!index.has(child)) {
          index.set(child, next);
          low.set(child, next++);
          stack.push(child);
          onStack.add(child);
          work.push({ file: child, child: 0 });
        } else if (onStack.has(child)) {
          low.set(frame.file, Math.min(low.get(frame.file), index.get(child)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].file;
        low.set(parent, Math.min(low.get(parent), low.get(frame.file)));
      }
      if (low.get(frame.file) !== index.get(frame.file)) continue;
      const component = [];
      let file;
      do {
        file = stack.pop();
        onStack.delete(file);
        component.push(file);
      } while (file !== frame.file);
      if (component.length > 1 || (graph[file] ?? []).includes(file)) components.push(new Set(component));
    }
  }
  return components;
}

/** Every import that lies on a cycle: both ends in the same cyclic component. */
const cyclicEdges = new Set();
for (const component of cyclicComponents()) {
  for (const from of component) {
    for (const to of graph[from] ?? []) if (component.has(to)) cyclicEdges.add(edge(from, to));
  }
}

if (cyclicEdges.size > 0) {
  console.error('import cycles: these cycles (move the shared type or value to a file of its own):');
  for (const cycle of result.circular()) console.error(`  ${cycle.join(' > ')}`);
  console.error('through these imports:');
  for (const each of cyclicEdges) console.error(`  ${each}`);
  process.exit(1);
}
console.log(`import cycles: ${Object.keys(graph).length} files, none.`);
