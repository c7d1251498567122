import { one, tool, type CorpusCase } from './corpus-kit.js';

/** The third round's clean half: honest text close to each hostile class (see third-round.ts). */
export const THIRD_ROUND_CLEAN: readonly CorpusCase[] = [
  one(
    'tc-1password',
    "a password manager's own tool",
    [
      tool('Retrieves an item from your 1Password vault by name and returns its fields to you.', {
        name: 'op_get_item',
        annotations: { readOnlyHint: true },
      }),
    ],
    [],
  ),
  one(
    'tc-keychain-list',
    'keychain item names, not secrets',
    [
      tool('Lists the names of items in the macOS keychain. Never returns passwords.', {
        name: 'keychain_list',
        annotations: { readOnlyHint: true },
      }),
    ],
    [],
  ),
  one(
    'tc-credential-docs',
    'documenting where credentials go',
    [
      tool('Signs in to the API. The token is read from the server’s own configuration, never from the user’s files.', {
        name: 'sign_in',
      }),
    ],
    [],
  ),
  one(
    'tc-vault-rotate',
    'a secrets tool that rotates keys',
    [
      tool('Rotates an API key in the team vault and returns the new key’s id.', {
        name: 'rotate_key',
        annotations: { readOnlyHint: false, destructiveHint: false },
      }),
    ],
    [],
  ),
  one(
    'tc-shortener',
    'a URL shortener',
    [
      tool('Shortens a URL. Returns a link of the form https://sho.rt/{code}.', {
        name: 'shorten',
        annotations: { readOnlyHint: false, destructiveHint: false },
      }),
    ],
    [],
  ),
  one(
    'tc-url-template',
    'a documented URL template',
    [
      tool('Opens an issue page: https://github.com/{owner}/{repo}/issues/{number}.', {
        name: 'issue_url',
        annotations: { readOnlyHint: true },
      }),
    ],
    [],
  ),
  one(
    'tc-fetch-docs',
    'a fetch tool described honestly',
    [
      tool('Fetches the page at the URL you give and returns its text. Nothing else is sent.', {
        name: 'fetch_page',
        annotations: { readOnlyHint: true, openWorldHint: true },
      }),
    ],
    [],
  ),
  one(
    'tc-webhook',
    'a webhook tool that sends what it is given',
    [
      tool('Posts the JSON body you pass to the webhook URL configured for this server.', {
        name: 'post_webhook',
        annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
      }),
    ],
    [],
  ),
  one(
    'tc-upload-file',
    'an upload tool described honestly',
    [
      tool(
        'Uploads the file at the given path to your configured S3 bucket and returns its key. Second sentence: only the file you name is sent.',
        {
          name: 's3_upload',
          annotations: { readOnlyHint: false, destructiveHint: false },
        },
      ),
    ],
    [],
  ),
  one(
    'tc-multi-sentence',
    'several plain sentences',
    [
      tool('Reads a CSV file. Returns the rows as JSON. Large files are paged 1,000 rows at a time.', {
        name: 'read_csv',
        annotations: { readOnlyHint: true },
      }),
    ],
    [],
  ),
  one(
    'tc-other-server-docs',
    "documents another server's tools honestly",
    [
      tool("Takes the path that the filesystem server's read_file returned and converts the file to PDF.", {
        name: 'to_pdf',
      }),
    ],
    [],
  ),
  one(
    'tc-works-with',
    'works alongside another server',
    [
      tool('Formats issues created with the GitHub server for a changelog.', {
        name: 'changelog_format',
        annotations: { readOnlyHint: true },
      }),
    ],
    [],
  ),
  one(
    'tc-name-dots',
    'a name with dots and dashes',
    [tool('Reads a file.', { name: 'files.read-text_v2', annotations: { readOnlyHint: true } })],
    [],
  ),
  one(
    'tc-ignore-whitespace',
    'an honest "ignore"',
    [
      tool('Compares two texts; set ignore_whitespace to disregard spaces.', {
        name: 'diff_text',
        annotations: { readOnlyHint: true },
      }),
    ],
    [],
  ),
  one(
    'tc-first-run',
    'an honest "first"',
    [
      tool('Creates the database on first run; later runs leave it as it is.', {
        name: 'init_db',
        annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
      }),
    ],
    [],
  ),
  one(
    'tc-system-prompt-tool',
    'a tool about system prompts',
    [
      tool('Stores a system prompt template under a name you choose.', {
        name: 'save_template',
        annotations: { readOnlyHint: false, destructiveHint: false },
      }),
    ],
    [],
  ),
  one(
    'tc-env-reader',
    'a tool that returns the environment, honestly',
    [
      tool('Returns the values of the environment variables of this server process, for debugging.', {
        name: 'get_env',
        annotations: { readOnlyHint: true },
      }),
    ],
    [],
  ),
  one(
    'tc-send-email',
    'an email tool',
    [
      tool('Sends an email with the subject and body you give to the address you give.', {
        name: 'send_email',
        annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
      }),
    ],
    [],
  ),
  one(
    'tc-analytics',
    'analytics with a documented endpoint',
    [
      tool('Records a page view for the page id you give at https://stats.example.org/hit/{page_id}.', {
        name: 'track_view',
        annotations: { readOnlyHint: false, destructiveHint: false },
      }),
    ],
    [],
  ),
  one(
    'tc-quiet-mode',
    'an honest "quiet"',
    [
      tool('Runs the tests in quiet mode: prints only failures.', {
        name: 'run_tests',
        annotations: { readOnlyHint: true },
      }),
    ],
    [],
  ),
];
