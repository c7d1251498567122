/** The security review: findings over what connected servers serve, and the accepted-findings baseline. */
export { ReviewService, type ReviewDeps } from './review-service.js';
export { bulkRepin, pinOverview } from './pin-overview.js';
