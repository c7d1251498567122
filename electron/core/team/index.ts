/** A team service's own file (`serve --team FILE`) and its shared store. */
export { groupsOf, isLoopback, readTeamFile, rolesOf, TeamFileError, type TeamService } from './team-file.js';
export { TeamStore, storeName } from './team-store.js';
export { SharedQueue } from './shared-queue.js';
export { MIGRATIONS, SCHEMA_VERSION } from './migrations.js';
export { TeamChain } from './team-chain.js';
export { teamAnchor, verifyTeamChain, withTeamStore, verifyTeamAudit } from './team-verify.js';
export { TeamSide, type TeamNote } from './team-side.js';
export { SharedSessions } from './shared-sessions.js';
