/** What the user configured and confirmed: saved servers and settings, launch and trust consents. */
export { ServerStore, type ServerEntry } from './server-store.js';
export { serverIdentity } from './server-identity.js';
export { ConsentStore, launchLine, type ConsentProvider, type ConsentQuestion, type SettingRaise } from './consents.js';
export { ConsentFlow } from './consent-flow.js';
export { consentText } from './consent-text.js';
export { terminalConsent } from './terminal-consent.js';
export { applySettings, confirmServerSettings, confirmSettings, raisesOf } from './settings-change.js';
export { importHostConfig, loadConfigFile } from './config-file.js';
export { configHandlers } from './handlers.js';
