import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * How the dashboard's code is cut into chunks (vite.config.ts: build.rolldownOptions.output.codeSplitting).
 * Each script response costs ~0.5 KiB of headers on top of its body, and small files compress worse, so the ~20 tiny
 * shared chunks the automatic splitting made cost more on the wire than the code they hold (issue 7's wire budget:
 * sign-in then the transactions page under 140 kB). So:
 * - `boot`: the first route's modules (react, the router, the session, sign-in, i18n) stay in the entry chunk; a
 *   `$initial` group with the highest priority holds them so the groups below cannot drag them in.
 * - `signed-in`: what the signed-in shell needs (its layout, the scope guard, the Me schema, TanStack Query, zod/mini),
 *   what the pages of two or more features share (lib/, components/) and the contract is one chunk.
 * - `lists`: the list pages' table, filters and URL state (TanStack Table, components/data-table and search,
 *   lib/use-server-list and url-state) and the list toolbar's buttons: one chunk, which the form pages
 *   (credentials/new) do not load. The toolbar's panels load on intent in a chunk of their own.
 * - the rest, used by one feature's pages only, is left to them (each page's chunk, or one chunk its pages share),
 *   and so are the contract modules and live-event modules below, which only some pages read although two features
 *   import them.
 * Which modules the shell and each feature reach is worked out from the module graph when the build ends
 * (static imports from each lazily loaded module), so a new page or feature needs no change here.
 */
const listModules = /node_modules[\\/](@tanstack[\\/](react-table|table-core|store)|use-sync-external-store)[\\/]|src[\\/]web[\\/](components[\\/](data-table|search)[\\/]|lib[\\/](use-server-list|url-state)\.|components[\\/]list-tools[\\/](list-toolbar|popover|load-panels|views-picker|column-chooser|export-button)\.|components[\\/]decline-reason\.|lib[\\/]list-tools[\\/](view-url|views-api|views-keys)\.)/;
const contract = /src[\\/]contract[\\/]/;
/**
 * Contract modules of a few pages (events and notifications, connections, the transaction page's response codes,
 * receivables, fee plans, reconciliation, people and the audit trail) and problem details (read when a call fails,
 * and by the credential forms).
 */
const pageContracts = /src[\\/]contract[\\/](events|notifications|failure-details|credentials|merchants|providers|response-code|problem|receivables|fee-plans|reconciliation|audit|people|roles|account|sso-config)/;
/**
 * The live-event hook and indicator: the events list and a transaction's page run them, no other page does. Left
 * to those pages (with the events contract they read) instead of every signed-in first load. The form field
 * (components/form-field.tsx) likewise: the connection and fee-plan forms use it, no list does. And the response codes'
 * texts (lib/domain/response-code-text.ts, both languages): a transaction's page and the lists' decline reason
 * column (components/decline-reason-text.tsx, loaded when a row shows one) read them, no first load does. The form
 * library (react-hook-form and its zod resolver: the connection and single sign-on forms) too, and the merchant
 * combobox and multi-select (components/merchant-combobox/): the connect form and the People page.
 */
const pageModules =
  /src[\\/]web[\\/](lib[\\/]live[\\/]|lib[\\/]domain[\\/]response-code-text\.|components[\\/](live-indicator|form-field|decline-reason-text)\.|components[\\/]merchant-combobox[\\/])|node_modules[\\/](react-hook-form|@hookform)[\\/]/;
/**
 * The transactions' query keys (features/transactions/api/transactions-keys.ts): the list and a transaction's page share
 * them and no other module of their own, so left alone they become a chunk of ~100 bytes (a request and ~0.5 kB of
 * headers on the list, issue 22). The other features' keys ride with modules their pages already share. The refunded
 * amounts' cell (refund-amounts.tsx, ~0.4 kB, issue 23) is the same case.
 */
const sharedKeys = /src[\\/]web[\\/]features[\\/]transactions[\\/](api[\\/]transactions-keys\.ts|refund-amounts\.tsx)$/;
/** The modules every signed-in page loads first (app/router.tsx): the layout, the scope guard, the Me schema. */
const shellRoots = /src[\\/]web[\\/](app[\\/]signed-in-layout|features[\\/]auth[\\/]require-scopes)\.tsx$|src[\\/]contract[\\/]me\.ts$/;

/**
 * A component folder whose modules load lazily from several entry points (the merchant dialog and the connect form's
 * price plan panel): one owner, so what they share stays in their chunk instead of every signed-in first load.
 */
const lazyComponentFolder = /^src\/web\/components\/merchant-form\//;
/**
 * The form library (react-hook-form and its zod resolver) and the form field: the connection forms and the single
 * sign-on settings use them, no list does. One chunk those pages load, instead of two small shared ones.
 */
const formModules = /node_modules[\\/](react-hook-form|@hookform)[\\/]|src[\\/]web[\\/]components[\\/]form-field\./;
/** `shell` for the shell's roots, the feature folder for a page (src/web/features/<feature>/…), a lazy component folder, else the file. */
function ownerOf(root: string, id: string): string {
  if (shellRoots.test(id)) return 'shell';
  const relative = path.relative(root, id).split(path.sep).join('/');
  return /^src\/web\/features\/([^/]+)\//.exec(relative)?.[1] ?? lazyComponentFolder.exec(relative)?.[0] ?? relative;
}

export function chunkGroups() {
  let root = process.cwd();
  /** module id -> the owners (shell, features) whose lazily loaded modules reach it by static imports */
  const reachedBy = new Map<string, Set<string>>();
  const shared = (id: string) => {
    const owners = reachedBy.get(id);
    return owners !== undefined && (owners.has('shell') || owners.size >= 2);
  };

  const plugin: Plugin = {
    name: 'chunk-groups',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    buildEnd() {
      reachedBy.clear();
      const lazy = new Set<string>();
      for (const id of this.getModuleIds()) for (const target of this.getModuleInfo(id)?.dynamicallyImportedIds ?? []) lazy.add(target);
      for (const start of lazy) {
        const owner = ownerOf(root, start);
        const stack = [start];
        const seen = new Set<string>();
        while (stack.length > 0) {
          const id = stack.pop() ?? '';
          if (seen.has(id)) continue;
          seen.add(id);
          const owners = reachedBy.get(id) ?? new Set<string>();
          owners.add(owner);
          reachedBy.set(id, owners);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      }
    },
  };

  const groups = [
    { name: 'boot', tags: ['$initial' as const], priority: 30 },
    { name: 'signed-in', priority: 20, test: (id: string) => ((shared(id) || contract.test(id)) && !listModules.test(id) && !pageContracts.test(id) && !pageModules.test(id)) || sharedKeys.test(id) },
    { name: 'lists', priority: 10, test: (id: string) => listModules.test(id) },
    { name: 'forms', priority: 10, test: (id: string) => formModules.test(id) },
  ];
  return { plugin, groups };
}
