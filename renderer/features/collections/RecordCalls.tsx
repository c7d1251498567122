import { useEffect, useMemo, useState } from 'react';
import type { CollectionFile } from '../../../shared/schemas/collection-run';
import type { CallRecord } from '../../../shared/schemas/call';
import { pointerOf } from '../../../shared/collections/pointer';
import { secretPointers } from '../../../shared/collections/secrets';
import { compareText } from '../../../shared/plain-format';
import { useApi } from '../../api/context';
import { SafeText } from '../../components/SafeText';
import { CollectionSelect } from './CollectionSelect';
import { fileTitle } from './file-title';
import './collections.css';

/** The string arguments of a call, by pointer (the ones a person may mark as secret), at most `limit`. */
function stringLeaves(argsJson: string, limit = 40): Array<{ pointer: string; value: string }> {
  const out: Array<{ pointer: string; value: string }> = [];
  const stack: Array<[Array<string | number>, unknown]> = [[[], JSON.parse(argsJson) as unknown]];
  while (stack.length && out.length < limit) {
    const [path, v] = stack.pop()!;
    if (typeof v === 'string') out.push({ pointer: pointerOf(path), value: v });
    else if (Array.isArray(v)) v.forEach((x, i) => stack.push([[...path, i], x]));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) stack.push([[...path, k], x]);
  }
  return out.sort((a, b) => compareText(a.pointer, b.pointer));
}

/** What recording said: the steps added, where, and the variables that keep the secrets out. */
function recordedText(r: { added: string[]; file: { fileName: string }; secrets: { variable: string }[] }): string {
  const steps = `${r.added.length} step${r.added.length === 1 ? '' : 's'} (${r.added.join(', ')})`;
  const secrets = r.secrets.length ? `; secrets kept out as ${r.secrets.map((s) => s.variable).join(', ')}` : '';
  return `Recorded ${steps} into ${r.file.fileName}${secrets}. Run it from the Collections tab.`;
}

/** The collection files that can be recorded into (a broken one cannot). */
function useCollectionFiles(): CollectionFile[] {
  const api = useApi();
  const [files, setFiles] = useState<CollectionFile[]>([]);
  useEffect(() => {
    api.request('collections.list', {}).then(
      (list) => setFiles(list.filter((f) => !f.error)),
      () => {},
    );
  }, [api]);
  return files;
}

/** Each call's string arguments, and those already found to look like secrets. */
type Leaves = { call: CallRecord; leaves: ReturnType<typeof stringLeaves>; found: Set<string> }[];

const mask = (v: string) => (v.length <= 4 ? '••••' : `${v.slice(0, 2)}••••${v.slice(-2)}`);

/**
 * A stretch of History into a collection in one step: each call a step, its result the snapshot.
 * Arguments that look like secrets are marked already; the person marks more. Marked arguments
 * become environment variables and never reach the file.
 */
export function RecordCalls({ calls, onDone }: { calls: CallRecord[]; onDone: (said: string) => void }) {
  const api = useApi();
  const [name, setName] = useState('Recorded calls');
  const files = useCollectionFiles();
  const [into, setInto] = useState('');
  const leaves = useMemo(
    () =>
      calls.map((c) => ({
        call: c,
        leaves: stringLeaves(c.argsJson),
        found: new Set(secretPointers(JSON.parse(c.argsJson))),
      })),
    [calls],
  );
  const [marked, setMarked] = useState<Set<string>>(
    () => new Set(leaves.flatMap((l) => [...l.found].map((p) => `${l.call.id} ${p}`))),
  );
  const [note, setNote] = useState<{ text: string } | null>(null);
  const toggle = (k: string) =>
    setMarked((m) => (m.has(k) ? new Set([...m].filter((x) => x !== k)) : new Set([...m, k])));
  const record = () =>
    api
      .request('collections.record', {
        callIds: calls.map((c) => c.id),
        ...(into ? { into } : { name: name.trim() || 'Recorded calls' }),
        secrets: [...marked].map((k) => ({ callId: k.slice(0, k.indexOf(' ')), pointer: k.slice(k.indexOf(' ') + 1) })),
      })
      .then(
        (r) => onDone(recordedText(r)),
        (e: Error) => setNote({ text: e.message }),
      );
  return (
    <section className="record-box" data-testid="record-box" aria-label="Record these calls as a collection">
      <div className="row gap">
        <strong>
          Record {calls.length} call{calls.length === 1 ? '' : 's'} as a collection
        </strong>
        <CollectionSelect
          files={files}
          value={into}
          onChange={setInto}
          label="Into which collection"
          testId="record-into"
        >
          <option value="">a new collection named</option>
          {files.map((f) => (
            <option key={f.id} value={f.id}>
              {`into ${fileTitle(f)}`}
            </option>
          ))}
        </CollectionSelect>
        {!into && (
          <input
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-label="Collection name"
            data-testid="record-name"
          />
        )}
        <button className="primary" onClick={() => void record()} data-testid="record-calls">
          Record
        </button>
      </div>
      <div className="small muted">
        Marked arguments become environment variables; their values are never written into the file.
      </div>
      <SecretMarks leaves={leaves} marked={marked} toggle={toggle} />
      {note && (
        <div className="error small" role="alert">
          <SafeText text={note.text} />
        </div>
      )}
    </section>
  );
}

/** Each call's string arguments, to mark as secrets (a marked one is shown masked). */
function SecretMarks({ leaves, marked, toggle }: { leaves: Leaves; marked: Set<string>; toggle: (k: string) => void }) {
  return (
    <>
      {leaves.map(({ call, leaves: ls }) =>
        ls.length === 0 ? null : (
          <div key={call.id} className="small">
            <code>{call.tool}</code>{' '}
            {ls.map((l) => {
              const k = `${call.id} ${l.pointer}`;
              return (
                <label key={k} className="record-secret" title={marked.has(k) ? 'kept out of the file' : l.value}>
                  <input
                    type="checkbox"
                    checked={marked.has(k)}
                    onChange={() => toggle(k)}
                    data-testid="record-secret"
                    data-pointer={l.pointer}
                  />
                  <code>{l.pointer}</code> <SafeText text={marked.has(k) ? mask(l.value) : l.value.slice(0, 40)} />{' '}
                </label>
              );
            })}
          </div>
        ),
      )}
    </>
  );
}
