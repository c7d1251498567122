/** The security review: findings over what connected servers serve, and the accepted-findings baseline. */
export { ReviewService } from './review-service.js';
export type { ReviewDeps } from './review-deps.js';
export { bulkRepin, pinOverview } from './pin-overview.js';
export { reviewHandlers } from './handlers.js';
