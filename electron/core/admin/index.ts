/** Adding, changing, importing and removing servers, and revoking consents: each recorded. */
export { ServerAdmin, type ServerAdminDeps } from './server-admin.js';
