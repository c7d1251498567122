export { checkProblems } from './check.js';
export { Elicitations, describeUrl, withDefaults, MAX_PENDING_PER_SERVER } from './elicitations.js';
export { elicitationHandlers } from './handlers.js';
