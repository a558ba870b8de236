export { Directory } from './directory.js';
export { walkTree } from './walkTree.js';
export { MAX_TREE_DEPTH, TreeTooDeep } from './treeTooDeep.js';
export type { TreeEntry } from './walkTree.js';
export { readFiles } from './readFiles.js';
export type { EntryOpener } from './readFiles.js';
export { removeTree } from './removeTree.js';
export { removeTreeSync } from './removeTreeSync.js';
export { chownTree } from './chownTree.js';
