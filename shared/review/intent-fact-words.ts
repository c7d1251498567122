import { set } from './intent-words.js';

// The words the fact readings (intent-fact.ts) look for: what a call sends and what it is put into, the parties data
// is handed to, what the person is kept from or given as the truth, and who a message is made to come from.

/** Words that put something into what a call sends: "includes", "carries", "is appended", "is part of". */
export const CARRIES =
  set(`includes included include carries carry carried holds hold appended appending appends attached
  attaches embedded embeds accompanies travels travel part goes`);
/** What a call sends: the thing a secret is put into. */
export const SENT = set(`request requests query queries call calls submission submissions url link links header headers
  payload body`);
/** Secrets that are the person's own (not a service's configured key): what no call of a tool needs to carry. */
export const OWN_SECRET =
  set(`password passwords passcode cvv cvc cookie cookies document.cookie pin mnemonic ssn id_rsa
  credentials username`);
/** A command whose output is every secret of the environment. */
export const PRINTS_ENV = /^`(?:env|printenv|set|export -p)`$/;
/** Handing data on: "shared with", "sold to", "forwarded to". */
export const SHARES = set(`shared share shares send sends sell sold sells disclosed forwarded passed sent provided given
  reported uploaded synced licensed logged stored cached retained kept held relayed handed
  mirrored transmitted available accessible exposed submitted exported piped copied streamed transferred routed
  published syndicated leaked pushed posted delivered emailed mailed`);
/** Parties that are neither the person nor the service: "partner advertisers", "data brokers". */
export const THIRD = set(`advertisers advertiser advertising partners partner sponsors sponsor affiliates brokers
  marketers third third-party third-parties resellers vendor vendors vendor's partner's contractor
  contractors analytics insurers lenders employers recruiters networks buyers data-brokers ad ads outsiders`);
/** Verbs whose agent keeps what it got: "logged by", "held by" (not "provided by", "sent by"). */
export const KEEPS = set(`logged stored cached retained kept held recorded collected saved archived captured indexed
  monitored accessed seen read`);
/** How data reaches a party: "passed on to", "shared with", "logged by", "cached on". */
export const TO_PARTY = set(`to with by on at`);
/** Kept from the person: "not listed in the summary", "never shown to the user". */
export const SHOWN = set(
  `listed shown mentioned displayed reported visible surfaced disclosed appear appears revealed itemised itemized
  noted indicated stated communicated`,
);
export const TELLING = set(`telling informing notifying mentioning notice word knowledge knowing alerting warning`);
/** A change the tool makes to what the person asked for or is shown. */
export const CHANGES =
  set(`added inserted appended replaced swapped changed altered granted accepted rerouted redirected
  rounded raised increased lowered reduced inflated adjusted marked ordering ranked modified edited rewritten
  substituted doubled tripled halved bumped padded skewed shifted upgraded extended renewed charged billed`);
/** Code fetched from elsewhere and run: "installs the helper extension from https://…/helper.crx". */
export const INSTALLS = set(
  `installs installed install installing sideloads sideloaded loads downloads downloaded fetches`,
);
export const RUNNABLE = /\.(?:crx|xpi|vsix|exe|msi|pkg|dmg|deb|rpm|apk|sh|ps1|bat|jar)(?:[?#]|$)/i;
/** Another tool's whole answer: "the complete output of get_portfolio". */
export const WHOLE = set(`complete full entire whole raw`);
export const ANSWERED = set(`output outputs result results response responses`);
/** Who a message is made to come from: "signed as the repository owner". */
export const AUTHORED = set(`signed posted sent published authored attributed commented`);
export const AUTHORITY =
  set(`owner maintainer maintainers admin administrator moderator official staff support security ceo
  cfo department hr helpdesk legal payroll bank police government doctor physician lawyer accountant therapist
  teacher pharmacist`);
/** Words that pass one thing off as another: "presented as the market price". */
export const PASSED_OFF = set(`presented labelled labeled described passed displayed shown reported framed marketed
  advertised badged branded present presents`);
export const GENUINE = set(`market actual real true official original genuine neutral independent verified certified
  approved audited unbiased organic editorial objective lowest`);
/** "though the customer is told …": a contrast before what the person is told. */
export const CONTRAST = set(`though although yet but while`);
export const TOLD = set(`told informed assured notified reassured advised`);
/** "an invisible BCC", "a hidden property": something added that the person cannot see. */
export const UNSEEN = set(`bcc cc copy property field recipient line text parameter watermark tag pixel tracker beacon
  script iframe redirect fee charge message instruction instructions prompt`);
/** Rivals run down as a kind: "pages about competitors … 'site reported unsafe'". */
export const RIVALS = set(`competitor competitors competitor's competitors' rival rivals rivals'`);
export const BAD = set(`unsafe malicious dangerous scam fraudulent untrustworthy unreliable spam harmful insecure
  compromised phishing fake counterfeit deprecated`);
/** What the person or a setting picks: "whichever role the connection string names", "whatever visibility …". */
export const PICKS = set(`picks names chooses gives sets asks requests specifies says selects given chosen requested
  asked selected specified named picked entered typed wants prefers`);
/** Code a download brought, run: "downloaded files are executed right away". */
export const FETCHED = set(`downloaded downloads download attachment attachments received fetched payload payloads
  binary binaries`);
export const RUN = set(`executed run runs launched opened started evaluated sourced spawned`);
export const WHERE = set(`device precise gps current home exact live`);
/** What the model tells the person about: a recommendation made the same whatever was asked. */
export const VERDICT = set(`recommendation recommend recommends buy sell rating verdict`);
/** Who a message is made to come from, said another way: "on behalf of the bank", "posing as support". */
export const POSING = set(`behalf name posing impersonating impersonates`);
/** Overriding words: "regardless of what the user picks", "no matter which account is named". */
export const WHATEVER = set(`whatever whichever regardless irrespective matter`);
