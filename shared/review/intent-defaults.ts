// What a tool does to the person when a call says nothing: a flag whose default makes what they create public
// (`public: true`), or turns a guard off (`no_verify: true`, `verify_ssl: false`). A call made without naming the flag
// does it, and nobody chose it. Read from the schema's parameters (one level: where tools put their flags).

/** Flags whose true makes a thing public. */
const PUBLISHES =
  /^(?:public|is_?public|make_?public|publish(?:ed)?|share_?publicly|anyone_?with_?link|world_?readable|allow_?public(?:_?access)?)$/i;
/** Flags whose true turns a guard off. */
const UNGUARDS =
  /^(?:no_?verify|skip_?(?:verify|verification|hooks?|checks?|ssl|tls|review|confirm(?:ation)?)|insecure|allow_?insecure|disable_?(?:ssl|tls|verification|checks?|hooks?)|dangerously_?\w+|bypass_?\w+)$/i;
/**
 * Flags whose false turns a guard off. Not `confirm`: false there is the safe default (a destructive call refused until
 * the person confirms).
 */
const GUARDS = /^(?:verify|verify_?ssl|ssl_?verify|tls_?verify|verify_?certs?|require_?confirmation|run_?hooks?)$/i;

/** A finding on one parameter's default, with its path. */
export interface DefaultHit {
  path: string;
  message: string;
}

/** The parameters of a tool whose default makes a thing public or turns a guard off. */
export function openDefaults(tool: Record<string, unknown>): DefaultHit[] {
  const schema = tool.inputSchema as { properties?: Record<string, unknown> } | undefined;
  const props = schema?.properties;
  if (!props || typeof props !== 'object') return [];
  const out: DefaultHit[] = [];
  for (const [name, p] of Object.entries(props)) {
    const d = (p as { default?: unknown } | null)?.default;
    if (typeof d !== 'boolean') continue;
    const path = `inputSchema.properties.${name}.default`;
    if (d && PUBLISHES.test(name))
      out.push({
        path,
        message: `the flag ${name} defaults to true: what a call makes is public unless it says otherwise, and the person never chose it`,
      });
    else if ((d && UNGUARDS.test(name)) || (!d && GUARDS.test(name)))
      out.push({
        path,
        message: `the flag ${name} defaults to ${d}: a guard is off unless a call turns it on, and the person never chose it`,
      });
  }
  return out;
}
