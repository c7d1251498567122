import { useEffect, useState } from 'react';
import { useApi } from '../../api/context';

/** The environments beside a collection file (`NAME.env.json` in its folder), asked for once the file is shown. */
export function useEnvironments(id: string, modifiedAt: string | undefined): string[] {
  const api = useApi();
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    api.request('collections.environments', { id }).then(
      (r) => live && setNames(r.names),
      () => live && setNames([]),
    );
    return () => {
      live = false;
    };
  }, [api, id, modifiedAt]);
  return names;
}

/**
 * Which environment a run takes its `{{name}}` variables from (as `mcp-console test --env NAME`): one of the files
 * beside the collection, or none.
 */
export function EnvironmentChoice({
  names,
  env,
  setEnv,
}: {
  names: string[];
  env: string;
  setEnv: (name: string) => void;
}) {
  return (
    <select
      className="bounded"
      value={env}
      onChange={(e) => setEnv(e.target.value)}
      aria-label="The environment whose variables the run puts in"
      title="The environment whose variables the run puts in ({{name}}), from NAME.env.json beside the collection"
      data-testid="collection-env"
    >
      <option value="">no environment</option>
      {names.map((n) => (
        <option key={n} value={n}>
          {`in ${n}`}
        </option>
      ))}
    </select>
  );
}
