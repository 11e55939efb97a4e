/** A node of EXPLAIN (FORMAT JSON) output, the fields the shape reads. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Heap Fetches'?: number;
  'Sort Method'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

const listTables = new Set(['transaction_summaries', 'events', 'cycles']);

/**
 * The scans and sorts of a plan, outermost first: `Index Only Scan summaries_org_created_idx (heap 0, 9 999 rows)`,
 * `Sort top-N`, `Seq Scan transaction_summaries`; seqScan is true when a list table is read in full.
 */
export function planShape(root: PlanNode): { text: string; seqScan: boolean } {
  const parts: string[] = [];
  let seqScan = false;
  const visit = (node: PlanNode) => {
    const type = node['Node Type'];
    const rows = (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1);
    if (type === 'Seq Scan') {
      if (listTables.has(node['Relation Name'] ?? '')) seqScan = true;
      parts.push(`Seq Scan ${node['Relation Name'] ?? ''} (${rows} rows)`);
    } else if (type.includes('Index')) {
      const heap = node['Heap Fetches'] === undefined ? '' : `heap ${node['Heap Fetches']}, `;
      parts.push(`${type} ${node['Index Name'] ?? ''} (${heap}${rows} rows)`);
    } else if (type.includes('Sort')) {
      parts.push(`${type}${node['Sort Method'] ? ` ${node['Sort Method']}` : ''}`);
    }
    for (const child of node.Plans ?? []) visit(child);
  };
  visit(root);
  return { text: parts.join(' > '), seqScan };
}
