// Variables in a step's arguments: `{{env.NAME}}` and `{{steps.<id>.<path>}}`, resolved by the core
// just before the step runs. A string that is one variable takes the value as it is (a number stays a
// number); a variable inside longer text is written into it as text.

/** What variables resolve against. */
export interface TemplateScope {
  env: Readonly<Record<string, string | undefined>>;
  /** The result document of each step run so far, by id. */
  steps: ReadonlyMap<string, unknown>;
}

export class TemplateError extends Error {}

const VAR = /\{\{\s*([^{}]+?)\s*\}\}/g;
const WHOLE = /^\{\{\s*([^{}]+?)\s*\}\}$/;

/** Every variable a value names (`env.X`, `steps.a.b`), for the run's scope and its checks. */
export function variablesIn(value: unknown, out: Set<string> = new Set()): Set<string> {
  const stack = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') for (const m of v.matchAll(VAR)) out.add(m[1]!);
    else if (Array.isArray(v)) stack.push(...(v as unknown[]));
    else if (v && typeof v === 'object') stack.push(...Object.values(v));
  }
  return out;
}

/** One variable's value. */
export function lookup(name: string, scope: TemplateScope): unknown {
  const [head, ...rest] = name.split('.');
  if (head === 'env') {
    const key = rest.join('.');
    const v = scope.env[key];
    if (!/^[A-Za-z_]\w*$/.test(key)) throw new TemplateError(`{{${name}}}: not an environment variable name`);
    if (v === undefined) throw new TemplateError(`{{${name}}}: the environment variable ${key} is not set`);
    return v;
  }
  if (head === 'steps') {
    const [id, ...path] = rest;
    if (!id || !scope.steps.has(id))
      throw new TemplateError(`{{${name}}}: no earlier step ${JSON.stringify(id ?? '')} has a result`);
    let v = scope.steps.get(id);
    for (const seg of path) {
      if (Array.isArray(v) && /^\d+$/.test(seg) && Number(seg) < v.length) v = v[Number(seg)];
      else if (v && typeof v === 'object' && !Array.isArray(v) && Object.prototype.hasOwnProperty.call(v, seg))
        v = (v as Record<string, unknown>)[seg];
      else
        throw new TemplateError(
          `{{${name}}}: the result of step ${JSON.stringify(id)} has nothing at ${JSON.stringify(seg)}`,
        );
    }
    return v;
  }
  // A bare name is an environment's or a data row's, put in before the run is asked for (mcp-console test --env).
  if (/^[A-Za-z_][\w-]*$/.test(name))
    throw new TemplateError(`{{${name}}}: no environment gave it (mcp-console test --env NAME or --data FILE)`);
  throw new TemplateError(`{{${name}}}: a variable is env.NAME, steps.ID.path, or a name an environment gives`);
}

/** The value with every variable resolved; object keys are not templates. */
export function resolveTemplate(value: unknown, scope: TemplateScope): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value);
    if (whole) return lookup(whole[1]!, scope);
    return value.replace(VAR, (_, name: string) => {
      const v = lookup(name, scope);
      return typeof v === 'string' ? v : JSON.stringify(v);
    });
  }
  if (Array.isArray(value)) return value.map((v) => resolveTemplate(v, scope));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = resolveTemplate(v, scope);
    return out;
  }
  return value;
}
