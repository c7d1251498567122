import type { HandlersOf, NamesIn } from '../../../shared/contract/index.js';
import type { Requester } from '../../../shared/schemas/requester.js';
import type { Collections } from './service.js';

/** Collections: files in the chosen folders, runs through the gate, calls recorded into steps. */
export function collectionHandlers(
  d: { collections: Collections },
  requester: Requester,
): HandlersOf<NamesIn<'collections'>> {
  const c = d.collections;
  return {
    'collections.folders': () => c.files.folders(),
    'collections.addFolder': (i) => c.addFolder(i.path),
    'collections.list': () => c.files.list(),
    'collections.get': (i) => c.files.read(i.id),
    'collections.save': (i) => c.save(i.collection, { id: i.id, folder: i.folder }, requester),
    'collections.record': (i) => c.record(i, requester),
    'collections.import': (i) => c.import(i.text, i.folder, requester),
    'collections.export': (i) => c.exportText(i.id),
    'collections.remove': (i) => (c.remove(i.id, requester), { ok: true as const }),
    'collections.putStep': (i) => c.putStep(i.id, i.step, requester),
    'collections.run': (i) => c.run(i.id, { step: i.step, against: i.against, env: i.env }, requester),
    'collections.environments': (i) => ({ names: c.environments(i.id) }),
    // A decision from a front end is a person's.
    'collections.decide': (i) => c.runs.decide(i.runId, i.decision, i.scopeHash, 'user'),
    'collections.cancel': (i) => c.runs.cancel(i.runId),
    'collections.runs': () => c.runs.list(),
    'collections.acceptSnapshot': (i) => c.acceptSnapshot(i.runId, i.step, requester),
  };
}
