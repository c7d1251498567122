/** The organisation's policy files: read, followed, and asked for each call above the person's own grants. */
export { OrgPolicy, managedPolicyPath, readPolicyFile, type PolicyPaths } from './org-policy.js';
export { policyHandlers } from './handlers.js';
