export { checkProblems } from './check.js';
export { Elicitations, describeUrl, MAX_PENDING_PER_SERVER } from './elicitations.js';
export { elicitationHandlers } from './handlers.js';
