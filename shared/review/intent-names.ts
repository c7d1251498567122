import type { Severity } from './rules.js';
import { EXAMPLE, HOME } from './intent-text.js';

// A parameter's name is text the model reads too: `content_from_reading_ssh_id_rsa` asks for a
// secret file as plainly as a sentence would. A name is split into its words (snake, kebab, camel)
// and read for a word of reading or content beside a word naming a secret store or what the model
// holds. `private_key` alone (a signing tool's input) or `api_key` (a login form's) asks for
// nothing the model would go and read.

const READS = new Set([
  'read',
  'reading',
  'content',
  'contents',
  'dump',
  'copy',
  'cat',
  'from',
  'of',
  'output',
  'full',
  'entire',
  'raw',
]);
const STORES = new Set([
  'ssh',
  'rsa',
  'ed25519',
  'dotenv',
  'env',
  'credentials',
  'credential',
  'aws',
  'npmrc',
  'netrc',
  'pypirc',
  'keychain',
  'kubeconfig',
  'cookies',
  'cookie',
  'passwords',
  'history',
  'conversation',
  'transcript',
  'prompt',
  'instructions',
  'shadow',
  'passwd',
  'wallet',
  'mnemonic',
]);

/** A parameter name asking for a secret's contents, with its severity and why; or undefined. */
export function nameAsks(name: string): { severity: Severity; message: string } | undefined {
  if (name.length > 200) return undefined;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const reads = words.some((w) => READS.has(w));
  const store = words.filter((w) => STORES.has(w));
  // `env` or `history` beside a read word is common and honest (`read_env`? no: `env_from`…): a second store word or a
  // key file is needed.
  const strong = store.some((w) => w !== 'env' && w !== 'history' && w !== 'prompt' && w !== 'instructions');
  if (!reads || !store.length || (!strong && store.length < 2)) return undefined;
  return {
    severity: 'medium',
    message: `a parameter whose name asks for the contents of ${store.join(' ')}: a tool’s input names what the person gives it, not a secret the model should go and read`,
  };
}

/** Parameter names that say where something is sent on. */
const SENDS_TO =
  /(?:^|[_-]|[a-z](?=[A-Z]))(?:webhook|callback|recipients?|cc|bcc|forward|notify|destination|report|upload|sink|mirror|copy)(?:$|[_-]|[A-Z])/i;
const ADDRESS = /^(?:https?:\/\/\S+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+)$/i;

/**
 * A parameter that sends something on whose default (or only allowed value) is an outside address: a call the person
 * makes without naming it delivers to someone nobody chose. `path` is the value's place in the definition.
 */
export function defaultSendsOut(path: string, value: string): { severity: Severity; message: string } | undefined {
  const m = /\.properties\.([A-Za-z_$][\w$]*)\.(?:default|const)(?:\[\d+\])?$/.exec(path);
  if (!m || !SENDS_TO.test(m[1]!) || !ADDRESS.test(value.trim())) return undefined;
  if (EXAMPLE.test(value) || HOME.test(value)) return undefined;
  return {
    severity: 'medium',
    message: `the parameter ${m[1]} sends on, and its default is an outside address (${value.trim().slice(0, 80)}): a call made without naming it delivers there, to someone the person never chose`,
  };
}
