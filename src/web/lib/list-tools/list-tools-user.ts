import type { Me } from '../../../contract/me.ts';

/**
 * Who the list tools work for: the organization and token id key this browser's column layouts and default
 * views (ids only, nothing secret); views:write allows saving, updating, renaming and deleting views.
 */
export function listToolsUser(me: Me) {
  return { owner: `${me.organization.id}:${me.tokenId}`, canWriteViews: me.scopes.includes('views:write'), merchantIds: me.merchantIds };
}
