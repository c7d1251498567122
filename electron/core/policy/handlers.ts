import type { HandlersOf, NamesIn } from '../../../shared/contract/index.js';
import type { OrgPolicy } from './org-policy.js';

/** The organisation's policy as applied now (read only: it is changed in its files). */
export function policyHandlers(d: { org: Pick<OrgPolicy, 'view'> }): HandlersOf<NamesIn<'policy'>> {
  return {
    'policy.get': () => d.org.view(),
  };
}
