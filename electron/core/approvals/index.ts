/** Pending approvals, decisions bound to exact arguments, and session grants. */
export { ApprovalGate, type ApprovalFields } from './approval-gate.js';
