import { useCallback, useEffect, useState } from 'react';
import type { Collection } from '../../../shared/schemas/collection';
import type { CollectionFile } from '../../../shared/schemas/collection-run';
import { describeStep } from '../../../shared/collections/steps';
import { useShallow } from 'zustand/react/shallow';
import { useApi } from '../../api/context';
import { useConsole } from '../../store/store';
import { SafeText } from '../../components/SafeText';
import { downloadText } from '../review/FileExchange';
import { filesChanged, latestRun, runUpdated, useCollections } from './collections-store';
import { CollectionFolders } from './CollectionFolders';
import { RunApproval } from './RunApproval';
import { RunSteps } from './RunSteps';
import { RemoveCollection } from './RemoveCollection';
import { EnvironmentChoice, useEnvironments } from './EnvironmentChoice';
import { fileTitle } from './file-title';
import './collections.css';

/**
 * Collections: saved steps in files the person keeps (a repository's folder, or the data
 * directory), run through the gate with one decision per run, each answer beside its snapshot.
 */
export function CollectionsView() {
  const api = useApi();
  const files = useCollections((s) => s.files);
  const [selected, setSelected] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fail = (e: Error) => setError(e.message);
  const reload = useCallback(
    () => api.request('collections.list', {}).then(filesChanged, (e: Error) => setError(e.message)),
    [api],
  );
  useEffect(() => {
    void reload();
    api.request('collections.runs', {}).then(
      (runs) => runs.forEach(runUpdated),
      () => {},
    );
  }, [api, reload]);
  const current = files?.find((f) => f.id === selected) ?? files?.find((f) => !f.error) ?? null;
  const importFile = async (f: File | undefined) => {
    if (!f) return;
    setError(null);
    api.request('collections.import', { text: await f.text() }).then((file) => setSelected(file.id), fail);
  };
  return (
    <div className="coll-view">
      <aside className="collection-list" aria-label="Collections">
        <div className="row gap">
          <strong>Collections</strong>
          <span className="spacer" />
          <label className="button-like small">
            Import…
            <input
              type="file"
              accept="application/json,.json"
              hidden
              onChange={(e) => void importFile(e.target.files?.[0])}
              data-testid="collection-import"
            />
          </label>
        </div>
        {files === null && <div className="muted">loading…</div>}
        {files?.length === 0 && (
          <div className="muted small" data-testid="collections-empty">
            No collections yet. Save a call from its result (“Save to collection”), record calls from History, or import
            a file.
          </div>
        )}
        <ul className="plain">
          {files?.map((f) => (
            <li key={f.id}>
              <button
                className={`collection-item ${current?.id === f.id ? 'coll-item-on' : ''}`}
                onClick={() => setSelected(f.id)}
                data-testid="collection-item"
                data-name={f.name ?? ''}
                title={f.id}
              >
                <SafeText text={fileTitle(f)} />
                <span className="muted small">
                  {f.error ? ' — broken' : ` — ${f.steps} step${f.steps === 1 ? '' : 's'}`}
                </span>
              </button>
            </li>
          ))}
        </ul>
        <CollectionFolders onError={setError} />
      </aside>
      <section className="collection-detail">
        {error && (
          <div className="error" role="alert" data-testid="collections-error">
            <SafeText text={error} />
          </div>
        )}
        {current && <CollectionDetail key={current.id} file={current} onError={setError} />}
      </section>
    </div>
  );
}

function CollectionDetail({ file, onError }: { file: CollectionFile; onError: (m: string | null) => void }) {
  const api = useApi();
  const [collection, setCollection] = useState<Collection | null>(null);
  const run = useCollections((s) => latestRun(s, file.id));
  // Read again whenever the file changed (a snapshot accepted, steps recorded into it).
  useEffect(() => {
    if (file.error) return;
    api.request('collections.get', { id: file.id }).then(
      (d) => setCollection(d.collection),
      (e: Error) => onError(e.message),
    );
  }, [api, file.id, file.error, file.modifiedAt, onError]);
  const [against, setAgainst] = useState('');
  const environments = useEnvironments(file.id, file.modifiedAt);
  const [env, setEnv] = useState('');
  const start = (step?: string) => {
    onError(null);
    api
      .request('collections.run', {
        id: file.id,
        ...(step && { step }),
        ...(against && { against }),
        ...(env && { env }),
      })
      .then(runUpdated, (e: Error) => onError(e.message));
  };
  // A path that changes on every run (a time, an id): left out of the step's snapshot comparison from now on.
  const ignore = (stepId: string, path: string) => {
    const step = collection?.steps.find((x) => x.id === stepId);
    if (!step || step.snapshot?.ignore?.includes(path)) return;
    const next = { ...step, snapshot: { ...step.snapshot, ignore: [...(step.snapshot?.ignore ?? []), path] } };
    api.request('collections.putStep', { id: file.id, step: next }).catch((e: Error) => onError(e.message));
  };
  const exportIt = () =>
    api.request('collections.export', { id: file.id }).then(
      (x) => downloadText(x.fileName, x.text, 'application/json'),
      (e: Error) => onError(e.message),
    );
  if (file.error)
    return (
      <div className="error" data-testid="collection-broken">
        <code>{file.fileName}</code>: <SafeText text={file.error} />
      </div>
    );
  if (!collection) return <div className="muted">loading…</div>;
  const busy = run?.status === 'awaiting-approval' || run?.status === 'running';
  return (
    <div data-testid="collection-detail" data-name={collection.name}>
      <CollectionHead name={collection.name} id={file.id} />
      <div className="row gap collection-actions">
        {/* A second server to compare with: for a collection of one named server (not one an environment gives). */}
        {(file.servers?.length ?? 0) === 1 && !file.servers![0]!.includes('{{') && (
          <AgainstChoice home={file.servers![0]!} against={against} setAgainst={setAgainst} />
        )}
        {environments.length > 0 && <EnvironmentChoice names={environments} env={env} setEnv={setEnv} />}
        <button className="primary" disabled={busy} onClick={() => start()} data-testid="collection-run">
          Run all {collection.steps.length}
        </button>
        <button onClick={() => void exportIt()} data-testid="collection-export">
          Export
        </button>
        <span className="spacer" />
        <RemoveCollection id={file.id} fileName={file.fileName} onError={onError} />
      </div>
      {run?.status === 'awaiting-approval' && <RunApproval key={run.id} run={run} />}
      <StepTable steps={collection.steps} busy={busy} start={start} />
      {run && run.status !== 'awaiting-approval' && (
        <RunSteps
          key={run.id}
          run={run}
          onIgnore={ignore}
          snapshots={Object.fromEntries(
            collection.steps.flatMap((s) => (s.snapshot?.result !== undefined ? [[s.id, s.snapshot.result]] : [])),
          )}
        />
      )}
    </div>
  );
}

/** One step of the collection: what it calls, what it expects, its snapshot, and Run. */
function StepRow({
  s,
  busy,
  start,
}: {
  s: Collection['steps'][number];
  busy: boolean;
  start: (step?: string) => void;
}) {
  return (
    <tr data-testid="collection-step" data-step={s.id}>
      <td className="mono">
        <SafeText text={s.id} />
      </td>
      <td>
        <SafeText text={describeStep(s)} />
      </td>
      <td className="small">
        {s.expect?.outcome ?? 'ok'}
        {s.expect?.assert?.length
          ? ` · ${s.expect.assert.length} assertion${s.expect.assert.length === 1 ? '' : 's'}`
          : ''}
      </td>
      <td className="small">
        {s.snapshot?.result !== undefined
          ? `kept${s.snapshot.ignore?.length ? `, ${s.snapshot.ignore.length} ignored` : ''}`
          : '—'}
      </td>
      <td>
        <button className="small" disabled={busy} onClick={() => start(s.id)} data-testid="step-run">
          Run
        </button>
      </td>
    </tr>
  );
}

/** Run every step on its own server only, or also against another, to see where the answers differ. */
function AgainstChoice({
  home,
  against,
  setAgainst,
}: {
  home: string;
  against: string;
  setAgainst: (id: string) => void;
}) {
  const servers = useConsole(useShallow((s) => s.serverOrder));
  return (
    <select
      className="bounded"
      value={against}
      onChange={(e) => setAgainst(e.target.value)}
      aria-label="Also run every step against another server, and show where the answers differ"
      title="Also run every step against another server, and show where the answers differ"
      data-testid="collection-against"
    >
      <option value="">on {home} only</option>
      {servers
        .filter((id) => id !== home)
        .map((id) => (
          <option key={id} value={id}>
            {`also against ${id}`}
          </option>
        ))}
    </select>
  );
}

/** The collection's name, and the file it is read from. */
function CollectionHead({ name, id }: { name: string; id: string }) {
  return (
    <header>
      <h2>
        <SafeText text={name} />
      </h2>
      <div className="muted small wrap-anywhere">
        <SafeText text={id} />
      </div>
    </header>
  );
}

/** The collection's steps, each with its own Run. */
function StepTable({
  steps,
  busy,
  start,
}: {
  steps: Collection['steps'];
  busy: boolean;
  start: (step?: string) => void;
}) {
  return (
    <table className="grid collection-steps">
      <thead>
        <tr>
          <th>Step</th>
          <th>What</th>
          <th>Expects</th>
          <th>Snapshot</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {steps.map((s) => (
          <StepRow key={s.id} s={s} busy={busy} start={start} />
        ))}
      </tbody>
    </table>
  );
}
