import { useEffect, useState } from 'react';
import { viewMeta, viewPolicy, type ViewMeta } from '../../../shared/apps';
import { useApi } from '../../api/context';
import { SafeText } from '../../components/SafeText';

type Listed =
  { state: 'asking' } | { state: 'unlisted' } | { state: 'failed'; why: string } | { state: 'listed'; meta?: ViewMeta };

/**
 * What a tool's view declares it may reach, from the server's resource list — before anything is
 * opened (the spec's listing-level `_meta.ui`, there for a host to review at connection time). The
 * read may declare more, narrower or wider: what the view runs under is shown once it is opened.
 */
export function DeclaredReach({ serverId, uri }: { serverId: string; uri: string }) {
  const api = useApi();
  const [listed, setListed] = useState<Listed>({ state: 'asking' });
  useEffect(() => {
    let live = true;
    api.request('resources.list', { serverId }).then(
      (rs) => {
        const r = rs.find((x) => x.uri === uri);
        if (live) setListed(r ? { state: 'listed', meta: viewMeta(r._meta) } : { state: 'unlisted' });
      },
      (e: Error) => live && setListed({ state: 'failed', why: e.message }),
    );
    return () => {
      live = false;
    };
  }, [api, serverId, uri]);
  if (listed.state === 'asking') return <div className="muted small">Reading the server’s resource list…</div>;
  if (listed.state !== 'listed')
    return (
      <div className="small muted" data-testid="app-declared-reach" data-state={listed.state}>
        {listed.state === 'unlisted' ? (
          'The server does not list this view; '
        ) : (
          <>
            The resource list could not be read (<SafeText text={listed.why} />
            );{' '}
          </>
        )}
        what it may reach is known once it is read: open it, or run the review.
      </div>
    );
  const { allowed, problems } = viewPolicy(listed.meta?.csp);
  const list = (xs: string[]) => (xs.length ? xs.join(', ') : 'nothing');
  return (
    <div className="small" data-testid="app-declared-reach" data-state="listed">
      Declared in the server’s list: requests to {list(allowed.connectDomains)}; scripts, styles and media from{' '}
      {list(allowed.resourceDomains)}; frames of {list(allowed.frameDomains)}; permissions{' '}
      {list(listed.meta?.permissions ?? [])}.
      {problems.map((p, i) => (
        <div key={i} className="warn small">
          <SafeText text={p} />
        </div>
      ))}
      <div className="muted">The view’s own read may say more; what it runs under is shown once it is opened.</div>
    </div>
  );
}
