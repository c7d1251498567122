import { one, tool, type CorpusCase } from './corpus-kit.js';

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';

/**
 * Legitimate definitions with text that looks tricky: other scripts, emoji, regexes, code, URLs,
 * security vocabulary used honestly. None may raise a medium or high finding.
 */
export const CLEAN: readonly CorpusCase[] = [
  one(
    'c-japanese',
    'Japanese, Chinese and Korean',
    [tool('ファイルを検索します。「東京」のような語句で検索できます。中文搜索也可以。한국어 검색도 지원합니다.')],
    [],
  ),
  one(
    'c-persian-zwnj',
    'Persian with zero-width non-joiners',
    [tool('می‌خواهم فایل‌ها را جستجو کنم. Searches files by name.')],
    [],
  ),
  one('c-hindi-joiners', 'Devanagari with joiners', [tool('फ़ाइल खोजें — क्‍ष and र्‍य forms are kept as typed.')], []),
  one(
    'c-thai-zwsp',
    'Thai with zero-width spaces between words',
    [tool('ค้นหา\u200Bไฟล์\u200Bตาม\u200Bชื่อ (search files by name).')],
    [],
  ),
  one(
    'c-emoji',
    'emoji with joiners, selectors, flags and keycaps',
    [tool('Weather ☀️🌧️ for the family 👨‍👩‍👧, flags 🇫🇷 🏴󠁧󠁢󠁳󠁣󠁴󠁿, steps 1️⃣ 2️⃣, ❤️.')],
    [],
  ),
  one(
    'c-accents-greek-cyrillic',
    'accents, Greek and Cyrillic words',
    [tool('Crée un fichier. Größe, naïve café, résumé; Ελληνικά; Москва и Санкт-Петербург.')],
    [],
  ),
  one(
    'c-math',
    'Greek letters in formulas',
    [tool('Computes Δx/Δt and π·r²; μ is the mean and σ the standard deviation; α < 0.05.')],
    [],
  ),
  one('c-ivs', 'a CJK ideographic variation sequence', [tool('Looks up the name 葛󠄀城 with its variant glyph.')], []),
  one(
    'c-soft-hyphen',
    'German with soft hyphens',
    [tool('Sucht nach Donau\u00ADdampf\u00ADschiff\u00ADfahrt in Texten.')],
    [],
  ),
  one(
    'c-regex',
    'regular expressions in patterns and prose',
    [
      tool('Validates IDs such as ^\\s*(?:\\d{3}-){2}\\d{4}$ and base64 tokens.', {
        inputSchema: {
          type: 'object',
          properties: {
            token: { type: 'string', description: 'A base64 token', pattern: '^[A-Za-z0-9+/]{20,}={0,2}$' },
          },
        },
      }),
    ],
    [],
  ),
  one(
    'c-code-sample',
    'an indented code sample',
    [
      tool(
        'Runs a query.\n\nExample:\n\n    from client import db\n    rows = db.query("SELECT * FROM users WHERE id = $1", [42])\n    for row in rows:\n        print(row)\n\nReturns rows as JSON.',
        { name: 'run_query', annotations: { readOnlyHint: true } },
      ),
    ],
    [],
  ),
  one(
    'c-doc-urls',
    'URLs to documentation, with queries and templates',
    [
      tool(
        'See https://docs.github.com/en/rest/repos/contents?apiVersion=2022-11-28 and https://api.github.com/repos/{owner}/{repo}; searches like https://www.google.com/search?q={query}.',
      ),
    ],
    [],
  ),
  one(
    'c-api-key-param',
    'an honest API key parameter',
    [
      tool('Current weather for a city.', {
        name: 'get_weather',
        inputSchema: {
          type: 'object',
          properties: {
            city: { type: 'string', description: 'City name' },
            api_key: {
              type: 'string',
              description: 'Your OpenWeather API key. Create one at https://home.openweathermap.org/api_keys.',
            },
          },
        },
      }),
    ],
    [],
  ),
  one(
    'c-email-tool',
    'a mail tool that mentions cc and bcc',
    [
      tool('Send an email to the given recipients. Supports cc and bcc; for example alice@example.com.', {
        name: 'send_email',
        annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
      }),
    ],
    [],
  ),
  one(
    'c-webhook',
    'a webhook tool',
    [
      tool('Posts a JSON payload to the webhook URL you configure in the server settings.', {
        name: 'post_webhook',
        annotations: { destructiveHint: false },
      }),
    ],
    [],
  ),
  one(
    'c-readonly-sql',
    'a read-only SQL tool that names what it refuses',
    [
      tool('Runs a read-only SELECT query. Statements that modify data (INSERT, UPDATE, DELETE) are rejected.', {
        name: 'select_query',
        annotations: { readOnlyHint: true },
      }),
    ],
    [],
  ),
  one(
    'c-destructive-declared',
    'a delete tool that says so',
    [tool('Deletes a file permanently.', { name: 'delete_file', annotations: { destructiveHint: true } })],
    [],
  ),
  one(
    'c-base64-examples',
    'binary base64 and a JWT as examples',
    [
      tool(`Uploads an image given as base64, e.g. ${PNG_1PX}. Authorise with a token such as ${JWT}.`, {
        name: 'upload_image',
        annotations: { destructiveHint: false },
      }),
    ],
    [],
  ),
  one(
    'c-hashes',
    'a sha-256 and a commit id',
    [
      tool(
        'Verifies that a file hashes to e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855 at commit 3f786850e387550fdab836ed7e6dc881de23001b.',
      ),
    ],
    [],
  ),
  one(
    'c-markdown',
    'markdown with headings, lists, a table and links',
    [
      tool(
        '## Search\n\n- **query**: words to find\n- _limit_: at most 100\n\n| field | meaning |\n|-------|---------|\n| id    | the id  |\n\nSee [the spec](https://modelcontextprotocol.io/specification).',
      ),
    ],
    [],
  ),
  one(
    'c-precedence-honest',
    'asks for one named tool first',
    [tool('Call `list_allowed_directories` before other filesystem operations to learn which paths are allowed.')],
    [],
  ),
  one(
    'c-ssh-config',
    'mentions the SSH config it reads',
    [
      tool('Lists hosts from your SSH config (~/.ssh/config) so you can pick one.', {
        name: 'list_hosts',
        annotations: { readOnlyHint: true },
      }),
    ],
    [],
  ),
  one(
    'c-password-field',
    'a password parameter',
    [
      tool('Connects to the database.', {
        name: 'connect_db',
        annotations: { readOnlyHint: false, destructiveHint: false },
        inputSchema: {
          type: 'object',
          properties: {
            password: { type: 'string', description: 'The database password. Kept in memory for this session only.' },
          },
        },
      }),
    ],
    [],
  ),
  one(
    'c-do-not-limits',
    'honest "do not" guidance',
    [tool('Fetches issues. Do not pass more than 100 IDs at once; do not use it for pull requests.')],
    [],
  ),
  one(
    'c-xml-sample',
    'angle brackets in an XML example',
    [tool('Returns XML such as <item id="1"><title>Hello</title></item>; addresses look like <user>@<host>.')],
    [],
  ),
  one(
    'c-system-param',
    'a parameter documented as "system:"',
    [tool('Reports the platform.\nsystem: the operating system (linux, darwin, win32)\narch: the CPU architecture')],
    [],
  ),
  one(
    'c-tokens',
    'a model tool that counts tokens',
    [
      tool('Counts the tokens in the conversation so far and the maximum tokens to generate.', {
        name: 'count_tokens',
        annotations: { readOnlyHint: true },
      }),
    ],
    [],
  ),
  one(
    'c-aligned-table',
    'a plain-text table aligned with spaces',
    [
      tool(
        'Formats:\nname          size      modified\nreport.pdf    12 KB     2024-01-02\nnotes.txt     1 KB      2024-02-03',
      ),
    ],
    [],
  ),
  one(
    'c-dotenv-tool',
    'a dotenv tool that loads its file',
    [
      tool('Loads variables from a .env file in the project directory.', {
        name: 'load_dotenv',
        annotations: { readOnlyHint: true },
      }),
    ],
    [],
  ),
  {
    id: 'c-two-servers',
    about: 'two servers with different tools and honest instructions',
    servers: [
      {
        id: 'jira',
        tools: [
          tool('Searches issues.', { name: 'search_issues', annotations: { readOnlyHint: true } }),
          tool('Gets one issue.', { name: 'get_issue', annotations: { readOnlyHint: true } }),
        ],
        instructions: 'Prefer search_issues for broad queries and get_issue for one issue.',
      },
      { id: 'wiki', tools: [tool('Searches pages.', { name: 'search_pages', annotations: { readOnlyHint: true } })] },
    ],
    expect: [],
  },
  {
    id: 'c-numbered-servers',
    about: 'numbered sibling servers',
    servers: [
      { id: 'postgres1', tools: [] },
      { id: 'postgres2', tools: [] },
    ],
    expect: [],
  },
  {
    id: 'c-app-view',
    about: 'a tool with a view that declares one API and nothing else, its refresh tool only for the view',
    servers: [
      {
        id: 'weather',
        tools: [
          tool('Shows the weather for a city.', {
            name: 'show_weather',
            _meta: { ui: { resourceUri: 'ui://weather/view' } },
            annotations: { readOnlyHint: true },
          }),
          tool('Refreshes the view.', {
            name: 'refresh',
            _meta: { ui: { resourceUri: 'ui://weather/view', visibility: ['app'] } },
            annotations: { readOnlyHint: true },
          }),
        ],
        views: [
          {
            uri: 'ui://weather/view',
            tools: ['show_weather', 'refresh'],
            meta: { csp: { connectDomains: ['https://api.weather.example'] }, prefersBorder: true },
            html: '<script>render()</script>',
          },
        ],
      },
    ],
    expect: [],
  },
];
