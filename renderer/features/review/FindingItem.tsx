import { useState } from 'react';
import type { Finding } from '../../../shared/schemas/review';
import { ruleById } from '../../../shared/review/rules';
import { useApi } from '../../api/context';
import { SafeText } from '../../components/SafeText';
import './review.css';

/** The whole text a finding is about, with its span marked; hidden characters made visible on both sides. */
function TextInPlace({ text, start, end }: { text: string; start?: number; end?: number }) {
  if (start === undefined || end === undefined) return <SafeText text={text} className="finding-text" />;
  return (
    <div className="finding-text mono" data-testid="finding-text">
      <SafeText text={text.slice(0, start)} />
      <mark className="finding-span" data-testid="finding-span">
        <SafeText text={text.slice(start, end)} />
      </mark>
      <SafeText text={text.slice(end)} />
    </div>
  );
}

/**
 * One finding: severity, rule (its help on hover), where it is, what it says, the excerpt; the
 * whole text with the span marked on demand; accepting it into the baseline asks for a reason.
 */
export function FindingItem({
  finding: f,
  onAccepted,
  onOpenTool,
}: {
  finding: Finding;
  onAccepted: () => void;
  onOpenTool?: (serverId: string, name: string) => void;
}) {
  const api = useApi();
  const [text, setText] = useState<string | null>(null);
  const [accepting, setAccepting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const show = () => {
    if (text !== null) return setText(null);
    setError(null);
    api.request('review.text', { server: f.server, kind: f.kind, subject: f.subject, path: f.path }).then(
      (r) => setText(r.text),
      (e: Error) => setError(e.message),
    );
  };

  return (
    <li
      className={`finding sev-${f.severity}`}
      data-testid="review-finding"
      data-rule={f.rule}
      data-severity={f.severity}
      data-server={f.server}
    >
      <FindingHead f={f} />
      <div>
        <SafeText text={f.message} />
      </div>
      {f.excerpt && <div className="mono small excerpt">{f.excerpt}</div>}
      <div className="row gap small">
        {f.path && (
          <button onClick={show} data-testid="review-show-text">
            {text === null ? 'Show the text' : 'Hide the text'}
          </button>
        )}
        {f.kind === 'tool' && onOpenTool && (
          <button onClick={() => onOpenTool(f.server, f.subject)} data-testid="review-open-tool">
            Open in the catalog
          </button>
        )}
        {!accepting && (
          <button onClick={() => setAccepting(true)} data-testid="review-accept">
            Accept…
          </button>
        )}
      </div>
      {accepting && (
        <AcceptReason
          finding={f}
          done={() => (setAccepting(false), onAccepted())}
          cancel={() => setAccepting(false)}
          setError={setError}
        />
      )}
      {error && (
        <div className="error small" role="alert">
          <SafeText text={error} />
        </div>
      )}
      {text !== null && <TextInPlace text={text} start={f.start} end={f.end} />}
    </li>
  );
}

/** Accepting a finding into the baseline: the person's reason first (kept there and in the audit log). */
function AcceptReason(p: {
  finding: Finding;
  done: () => void;
  cancel: () => void;
  setError: (e: string | null) => void;
}) {
  const api = useApi();
  const [reason, setReason] = useState('');
  const accept = () => {
    p.setError(null);
    api.request('review.accept', { finding: p.finding, reason }).then(p.done, (e: Error) => p.setError(e.message));
  };
  return (
    <div className="row gap small">
      <input
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        placeholder="Why is this acceptable? (kept in the baseline and the audit log)"
        maxLength={2000}
        data-testid="review-accept-reason"
      />
      <button disabled={!reason.trim()} onClick={accept} data-testid="review-accept-confirm">
        Accept into the baseline
      </button>
      <button onClick={p.cancel}>Cancel</button>
    </div>
  );
}

/** A finding's severity, rule (its help on hover) and where it is. */
function FindingHead({ f }: { f: Finding }) {
  const rule = ruleById(f.rule);
  return (
    <div className="row gap">
      <span className={`badge sev ${f.severity}`}>{f.severity}</span>
      <span className="mono" title={`${rule.summary}. ${rule.help}`}>
        {f.rule} {rule.name}
      </span>
      <span className="muted small">
        <SafeText text={f.server} /> · {f.kind} <SafeText text={f.subject} />
        {f.path ? ` · ${f.path}` : ''}
      </span>
    </div>
  );
}
