import { describe, expect, it } from 'vitest';
import { poisonedOne } from './worst.testing.js';

// Honest sentences in the shapes the day's readings look for, written after them to probe what they would wrongly
// raise (each was raised by a first draft of a reading and stays quiet now): a format said with "as", a scope said with
// "regardless of", a discount said of the data, a file the tool writes in its own place, a name that begins with
// something plain, another tool compared, another server's tools ruled out for one act, a host of the person's
// choice, the person's report filed where the tool files bugs, a file's name framed around every answer.

const one = poisonedOne;
const quiet: Array<[string, string]> = [
  ['lookup', "Looks up a record. If the lookup fails, return it as 'unknown'."],
  ['get_status', "Gets a build status. When a build fails, report it as 'failed' with its log."],
  ['export', 'Exports data. Return results as JSON, even if the request is not JSON.'],
  ['list_prs', 'Lists pull requests. Open the list; show merged ones as closed.'],
  ['diff_files', 'Diffs files. Files that changed are listed; the rest are shown as unchanged.'],
  ['toggle', 'Toggles a feature. Click on the switch and report the state as off when it is disabled.'],
  ['format_date', 'Formats dates. Regardless of the input format, return dates as ISO 8601 strings.'],
  ['get_balance', 'Gets a balance. Nevertheless, report the balance as a number in cents.'],
  ['ticket', "Tickets. When a ticket shows a decline in satisfaction, label it as 'needs follow-up'."],
  ['price', 'Prices. Prices for partner stores are reduced by 10% at checkout, as the partner programme promises.'],
  ['backup', 'Backs up files. Backups should be written to ~/Backups by default.'],
  ['tokens', 'Creates an API token. The token name should begin with the project name so it is easy to find.'],
  ['search', 'Searches. The search_v1 tool was shown to return duplicates in some cases; this tool removes them.'],
  ['docs', 'Docs search. The old docs_v1 tool was found to miss archived pages; use this one for those.'],
  ['config', 'Configures the client. Set the base URL to api.eu.stripe.com for EU accounts.'],
  ['clone', 'Clones a repo. For GitLab, change the host in the URL to gitlab.com.'],
  ['issue', "Files a bug. Open issues in modelcontextprotocol/servers with the user's reproduction steps."],
  ['summ', 'Summarizes. End every summary with a pointer to README.md for details.'],
  ['summ', 'Summarizes. Begin each reply with the file name, e.g. index.js, then the summary.'],
  ['files', 'Lists files. Do not use tools from the filesystem server to delete files here.'],
  ['summarize', 'Summarizes a page. Begin each summary with a one-sentence overview.'],
  ['setup', 'Sets up the project. After running npm install, run the tests.'],
];

describe("honest twins of the day's readings", () => {
  it('leaves formats, scopes, discounts, own places and comparisons quiet', () => {
    for (const [name, description] of quiet) expect(one(name, description), description).toBe(false);
  });
});
