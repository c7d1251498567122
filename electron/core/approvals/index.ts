/** Pending approvals, decisions bound to exact arguments, and standing grants (session, always, never). */
export { ApprovalGate, type ApprovalFields } from './approval-gate.js';
export { PolicyStore, requesterKey, type PolicyMatch } from './policy-store.js';
export { approvalHandlers, type ApprovalQueue, type SharedApprovals } from './handlers.js';
export { checkTerms, personOf, stillNeeded, type Voter } from './ask-terms.js';
