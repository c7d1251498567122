/**
 * The collection the environment tests run against the notes fixture: `{{server}}`, `{{who}}` and `{{greeting}}` from
 * an environment and the rows of a CSV, the login key from the environment (`{{env.NOTES_KEY}}`).
 */
export const GREET_COLLECTION = {
  name: 'Greet',
  steps: [
    {
      id: 'hi',
      call: { server: '{{server}}', tool: 'greet', arguments: { name: '{{who}}' } },
      expect: { outcome: 'ok', assert: [{ path: '/content/0/text', matches: '{{greeting}}' }] },
    },
    {
      id: 'login',
      call: { server: '{{server}}', tool: 'login', arguments: { user: '{{who}}', apiKey: '{{env.NOTES_KEY}}' } },
      expect: { outcome: 'ok' },
    },
  ],
};

/** Two rows: a greeting pattern each, one name quoted as RFC 4180 writes it. */
export const PEOPLE_CSV = 'who,greeting\nAda,"^Hello, Ada!$"\n"Grace ""G""",Grace\n';
