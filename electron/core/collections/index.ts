export { CollectionFiles } from './files.js';
export { CollectionRuns, scopeOf, type RunsDeps } from './runs.js';
export { RunGrants } from './run-grants.js';
export { Collections, re2Test } from './service.js';
export { loadCollection, parseCollection } from './parse.js';
export { collectionHandlers } from './handlers.js';
export type { StepDeps } from './runner.js';
