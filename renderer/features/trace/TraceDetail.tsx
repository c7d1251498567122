import { prettyJsonText } from '../../../shared/pretty-json';
import type { TraceEntry } from '../../../shared/schemas/trace';
import { SafeText } from '../../components/SafeText';
import { count, dateTime } from '../../components/format';
import './trace.css';

/**
 * One message, whole: where it sits in its exchange, its HTTP request and response headers, the JSON (or the opening of
 * one too large to keep).
 */
export function TraceDetail({ entry: open }: { entry: TraceEntry }) {
  return (
    <div className="trace-detail" data-testid="trace-detail">
      <div className="small muted" data-testid="trace-detail-head">
        {/* The trace's own number is "message N", never "#N": "#" is the JSON-RPC id, as in the rows. */}
        message {open.seq}
        {open.id !== undefined && (
          <span className="mono">
            {' '}
            · id <SafeText text={`#${String(open.id)}`} />
          </span>
        )}{' '}
        · <span title={open.at}>{dateTime(open.at, true)}</span> · {count(open.bytes)} bytes
        {open.group !== undefined && ` · exchange #${String(open.group)}, round ${open.round ?? 1}`}
      </div>
      {open.http && (
        <pre className="code small">
          <SafeText
            text={[
              `${open.http.method} ${open.http.url} → ${open.http.status ?? 'no response'}`,
              ...Object.entries(open.http.headers).map(([k, v]) => `${k}: ${v}`),
              ...Object.entries(open.http.responseHeaders ?? {}).map(([k, v]) => `← ${k}: ${v}`),
            ].join('\n')}
          />
        </pre>
      )}
      {open.message !== undefined && (
        <pre className="code">
          <SafeText text={prettyJsonText(JSON.stringify(open.message))} />
        </pre>
      )}
      {open.preview !== undefined && (
        <>
          <div className="small warn-text">Too large to keep whole; its opening:</div>
          <pre className="code">
            <SafeText text={open.preview} />
          </pre>
        </>
      )}
    </div>
  );
}
