/** OAuth 2.1 for remote servers: sealed credentials, the loopback redirect, the flow, the auth debugger. */
export { AuthService, type AuthServiceDeps } from './auth-service.js';
export { OAuthSession, AuthFailed } from './oauth-session.js';
export { keyFileBox, type KeyWrapper, type SecretBox } from './secret-box.js';
export { redactBody, redactUrl, REDACTED } from './auth-steps.js';
export { authHandlers } from './handlers.js';
