/** MCP Apps: a server's own views, on an origin of their own, their calls through the gate. */
export { AppViews, MAX_VIEWS, MAX_VIEW_BYTES, type AppViewDeps } from './app-views.js';
export { ViewHost, readReport, type Blocked, type HostedView, type ViewListen } from './view-host.js';
export { appHandlers } from './handlers.js';
export { ViewPins, type ViewPinState } from './view-pins.js';
