import { useEffect, useState } from 'react';
import type { ListFacts } from '../../../shared/schemas/list-facts';
import { cacheText } from '../../../shared/list-facts-text';
import type { ServerView } from '../../../shared/schemas/server';
import { useApi } from '../../api/context';
import { SafeText } from '../../components/SafeText';

type Info = { name?: unknown; title?: unknown; version?: unknown; description?: unknown; websiteUrl?: unknown };

/** How the era was settled: what the console asked, and what the server answered. */
function howFound(v: ServerView): string {
  if (!v.era) return '';
  if (v.settings.era === 'auto')
    return v.era === 'modern'
      ? 'auto: the server answered server/discover'
      : 'auto: no server/discover, so the 2025 initialize handshake';
  return `set to ${v.settings.era}`;
}

/** A capability and the flags it carries, in a word each: `tools (listChanged)`. */
function capabilityLines(caps: Record<string, unknown>): string[] {
  return Object.entries(caps)
    .filter(([k]) => k !== 'extensions')
    .map(([k, val]) => {
      const flags = val && typeof val === 'object' ? Object.keys(val as object) : [];
      return flags.length ? `${k} (${flags.join(', ')})` : k;
    });
}

/** A value the server sent, shown as text (a string as it is, anything else as JSON). */
const text = (x: unknown) => <SafeText text={typeof x === 'string' ? x : JSON.stringify(x ?? '')} />;

/**
 * What a connected server says of itself: who it is (2026-07-28: `_meta` serverInfo on its
 * results; 2025: the initialize result), the era and version and how they were found, every
 * capability with its flags, the extensions it offers, when its tools were listed and the cache
 * hints they came with, and its instructions.
 */
export function ServerFacts({ v }: { v: ServerView }) {
  const api = useApi();
  const [tools, setTools] = useState<ListFacts | undefined>();
  useEffect(() => {
    let live = true;
    api.request('lists.facts', { serverId: v.id }).then(
      (f) => live && setTools(f.tools),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, v.id, v.toolCount, v.connectedAt]);
  const info = v.serverInfo as Info | undefined;
  const caps = v.capabilities ?? {};
  const extensions = caps.extensions && typeof caps.extensions === 'object' ? Object.keys(caps.extensions) : [];
  return (
    <>
      <dl className="kv" data-testid="server-facts">
        {info && <InfoFacts info={info} era={v.era} />}
        <dt>Protocol</dt>
        <dd data-testid="server-era" data-era={v.era ?? ''}>
          {v.protocolVersion ?? '—'}
          {v.era && ` · ${v.era === 'modern' ? 'modern era (stateless, server/discover)' : '2025 era (initialize)'}`}
          {v.era && <span className="small muted"> · {howFound(v)}</span>}
        </dd>
        <dt>Capabilities</dt>
        <dd className="mono small" data-testid="server-capabilities">
          {capabilityLines(caps).join(', ') || 'none'}
        </dd>
        <dt>Tools list</dt>
        <dd className="small" data-testid="tools-cache" data-ttl={tools?.cache?.ttlMs ?? ''}>
          {tools ? `listed at ${tools.listedAt.slice(11, 19)} UTC · ${cacheText(tools)}` : '—'}
        </dd>
        <dt>Extensions</dt>
        <dd className="mono small" data-testid="server-extensions" data-count={extensions.length}>
          {extensions.length ? extensions.map((e) => <div key={e}>{text(e)}</div>) : 'none'}
        </dd>
      </dl>
      {v.instructions && (
        <div>
          <div className="label">Instructions</div>
          <div className="prewrap small">
            <SafeText text={v.instructions} />
          </div>
        </div>
      )}
    </>
  );
}

/** What the server says of itself (name, title, version, description, website) and where it said it. */
function InfoFacts({ info, era }: { info: Info; era: ServerView['era'] }) {
  return (
    <>
      <dt>Name</dt>
      <dd>{text(info.name)}</dd>
      {info.title !== undefined && (
        <>
          <dt>Title</dt>
          <dd>{text(info.title)}</dd>
        </>
      )}
      <dt>Version</dt>
      <dd>{text(info.version)}</dd>
      {info.description !== undefined && (
        <>
          <dt>Description</dt>
          <dd>{text(info.description)}</dd>
        </>
      )}
      {info.websiteUrl !== undefined && (
        <>
          <dt>Website</dt>
          <dd className="mono small">{text(info.websiteUrl)}</dd>
        </>
      )}
      <dt>Said by</dt>
      <dd className="small" data-testid="server-identity-source">
        {era === 'modern'
          ? '_meta io.modelcontextprotocol/serverInfo (server/discover)'
          : 'the initialize result (serverInfo)'}
      </dd>
    </>
  );
}
