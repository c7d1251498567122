import type { IntentKind } from './intent-orders.js';
import type { Reach } from './intent-signals.js';

// How the intent reader says what it found: what a sentence asks, what it reaches, and why that is
// outside a tool's job (or, in a result, outside what data does).

const ASKS: Record<IntentKind, string> = {
  withhold: 'asks the model to keep something from the person it works for',
  'skip-consent': 'asks the model to act without asking the person',
  'run-command': 'asks the model to run a command',
  'write-file': 'asks the model to write into a file',
  'read-file': 'asks the model to read a file or a store of secrets',
  contact: 'asks the model to send something to an address',
  'change-argument': 'asks the model to change a value the person gave',
  smuggle: 'asks the model to put what it holds into a call',
  'call-tool': 'asks the model to call another tool',
  'prefer-tool': 'asks the model to choose this tool over others',
  'retired-claim': 'claims a tool is retired or changed and steers the model to another',
  shadow: 'tells the model how another tool behaves',
  'inject-output': 'asks the model to put something into what it writes for the person',
  'ask-secret': 'asks the model to get a secret out of the person',
  destroy: 'asks the model to delete things of the person’s',
  'obey-output': 'asks the model to obey what a tool returns',
  errand: 'asks the model to run an errand',
};

export function explain(kind: IntentKind, why: string[], result = false): string {
  const job = result
    ? 'a tool’s result is data; it has no business ordering the model'
    : 'a tool’s text describes the tool; this is not its job';
  return `${ASKS[kind]}${why.length ? `, ${why.join(', ')}` : ''}: ${job}`;
}

/** What the broad reading found a directive reaches, in words. */
export const REACH: Record<Reach, string> = {
  secret: 'a secret',
  file: 'a file of the person’s',
  address: 'an outside address',
  'other-tool': 'another tool or server',
  person: 'the person',
  output: 'what the model writes',
  held: 'what the model holds',
  consent: 'the person’s consent',
  deceit: 'deceit',
  destroy: 'deletion',
  side: 'a side act',
  override: 'the person’s own wish, overruled',
  command: 'a command that fetches and runs code or destroys',
  tamper: 'another tool’s behaviour or a value, switched',
  obey: 'text from elsewhere made the model’s orders',
  startup: 'a file that runs at login or shell start',
  unconfirmed: 'the person’s confirmation left out',
  expose: 'the person’s things made public',
  persist: 'a start-up file written (it runs again at every login)',
  escalate: 'rights raised (privileged, root, sudo)',
  shadow: 'another tool said to behave otherwise from now on',
  carry: 'a file’s contents carried along',
  beacon: 'an image that loads from elsewhere, carrying what its address holds',
  send: 'something sent on',
  personal: 'people’s contact details or private messages',
  disparage: 'another tool run down or said retired',
  rundown: 'another tool’s results called bad or dangerous',
  misfiled: 'a secret put into a parameter meant for something else',
  altered: 'a value the person gave, altered',
  misreport: 'what the person is shown, made to read otherwise',
  tracks: 'a record of what happened (an audit log, a history) destroyed',
  escape: 'the host handed to a container or a sandbox dropped (its socket, its root, --no-sandbox)',
  replay: 'a call that moves money or sends, made again with the same arguments',
  scaled: 'an amount the person asked for, multiplied',
  flood: 'one call made many times over (its cost and limits spent)',
  skew: 'results ranked for a party named in the text, or its critics left out',
  handover: 'an owner’s rights given to an account named in the text',
  admit: 'an outside party let into each of the person’s things (a guest, a member)',
  phish: 'the person asked to hand over a password or a one-time code',
  exclusive: 'every other tool ruled out in this one’s favour',
  sweep: 'a destroying tool called on every one of the person’s things',
  unguard: 'a lock, an alarm or a security control of the person’s turned off',
  remote: 'a way into the person’s machine opened for someone elsewhere (a reverse shell, a tunnel)',
  offjob: 'an act (a deletion, a send) that is not the tool’s own job by its name and summary',
  aside: 'an act on the world (approving, pausing, paying, deleting …) done beside the tool’s job, every time, unasked',
  withheld: 'something left out of what the model tells the person',
  rerouted: 'where the person’s data goes (a remote, an endpoint, a webhook) pointed at an address the text writes',
};
