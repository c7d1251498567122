import { useEffect, useState } from 'react';
import type { ResourceTemplateView } from '../../../shared/schemas/resource';
import { useApi } from '../../api/context';
import { SafeText } from '../../components/SafeText';
import { useCompletions } from '../../components/use-completions';

/**
 * A resource template's variables as a form (each with the server's completions, asked once typing
 * rests), the URI they make (RFC 6570, expanded by the core), and Read.
 */
export function TemplateForm({
  serverId,
  template,
  onRead,
}: {
  serverId: string;
  template: ResourceTemplateView;
  onRead: (uri: string) => void;
}) {
  const api = useApi();
  const [variables, setVariables] = useState<string[]>([]);
  const { values, suggestions, type } = useCompletions(serverId, { type: 'ref/resource', uri: template.uriTemplate });
  const [uri, setUri] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api.request('resources.expand', { uriTemplate: template.uriTemplate, values }).then(
      (r) => {
        setVariables(r.variables);
        setUri(r.uri);
        setError(null);
      },
      (e: Error) => setError(e.message),
    );
  }, [api, template.uriTemplate, values]);

  return (
    <section className="detail" data-testid="template-form" data-template={template.uriTemplate}>
      <h3>
        <SafeText text={template.title ?? template.name} />{' '}
        <span className="mono small muted">
          <SafeText text={template.uriTemplate} />
        </span>
      </h3>
      {template.description && (
        <div className="description prewrap small">
          <SafeText text={template.description} />
        </div>
      )}
      {variables.map((v) => (
        <label key={v} className="field">
          <span className="mono">{v}</span>
          <input
            value={values[v] ?? ''}
            onChange={(e) => type(v, e.target.value)}
            list={`tpl-${v}`}
            data-testid="template-var"
            data-var={v}
          />
          <datalist id={`tpl-${v}`} data-testid="template-completions" data-var={v}>
            {(suggestions[v] ?? []).map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
        </label>
      ))}
      <div className="mono small" data-testid="template-uri">
        <SafeText text={uri} />
      </div>
      {error && (
        <div className="error small" role="alert">
          <SafeText text={error} />
        </div>
      )}
      <button
        className="primary"
        onClick={() => onRead(uri)}
        disabled={!uri || variables.some((v) => !values[v])}
        data-testid="template-read"
      >
        Read
      </button>
    </section>
  );
}
