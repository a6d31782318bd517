// What keeps the objects of one group alive: the retainer chains of the objects a heap snapshot
// holds and an earlier one of the same process did not (V8 keeps node ids across snapshots).
import { readFileSync } from 'node:fs';

const VALUE_TYPES = ['string', 'concatenated string', 'sliced string', 'number', 'heap number'];

/** A snapshot's nodes with the first strong retainer of each. */
function load(file) {
  const { snapshot, nodes, edges, strings } = JSON.parse(readFileSync(file, 'utf8'));
  const fields = snapshot.meta.node_fields;
  const edgeFields = snapshot.meta.edge_fields;
  const [nodeTypes] = snapshot.meta.node_types;
  const [edgeTypes] = snapshot.meta.edge_types;
  const width = fields.length;
  const [typeAt, nameAt, idAt, sizeAt, edgeCountAt] = ['type', 'name', 'id', 'self_size', 'edge_count'].map((f) => fields.indexOf(f));
  const count = nodes.length / width;
  const keyOf = (node) => {
    const type = nodeTypes[nodes[node * width + typeAt]];
    return `${type}:${VALUE_TYPES.includes(type) ? '' : strings[nodes[node * width + nameAt]].slice(0, 60)}`;
  };
  // The first retainer (not through a weak edge) of each node, and the edge's name.
  const retainer = new Int32Array(count).fill(-1);
  const edgeName = new Array(count);
  for (let node = 0, edge = 0; node < count; node++) {
    for (let end = edge + nodes[node * width + edgeCountAt] * edgeFields.length; edge < end; edge += edgeFields.length) {
      const type = edgeTypes[edges[edge]];
      const to = edges[edge + 2] / width;
      if (type === 'weak' || retainer[to] !== -1) continue;
      retainer[to] = node;
      edgeName[to] = ['element', 'hidden'].includes(type) ? `[${edges[edge + 1]}]` : String(strings[edges[edge + 1]]).slice(0, 30);
    }
  }
  return { count, keyOf, retainer, edgeName, id: (node) => nodes[node * width + idAt], size: (node) => nodes[node * width + sizeAt] };
}

/**
 * The retainer chains (`depth` links) of the objects of group `key` (`type:name`, as the table
 * lists them) that `afterFile` holds and `beforeFile` did not, most frequent first, per connection.
 *
 * @example
 * whyKept(before, after, 'array:(object elements)', 2000) // [{ perConnection: 0.99, chain: '176 B object:Array.[…] < object:Object.close < …' }]
 */
export function whyKept(beforeFile, afterFile, key, connections, depth = 4) {
  const before = load(beforeFile);
  const known = new Set(Array.from({ length: before.count }, (_, node) => before.id(node)));
  const after = load(afterFile);
  const chains = new Map();
  for (let node = 0; node < after.count; node++) {
    if (known.has(after.id(node)) || after.keyOf(node) !== key) continue;
    const links = [];
    for (let at = node; links.length < depth && after.retainer[at] !== -1; at = after.retainer[at]) links.push(`${after.keyOf(after.retainer[at])}.${after.edgeName[at]}`);
    const chain = `${after.size(node)} B < ${links.join(' < ')}`;
    chains.set(chain, (chains.get(chain) ?? 0) + 1);
  }
  return [...chains].sort((a, b) => b[1] - a[1]).map(([chain, n]) => ({ perConnection: n / connections, chain }));
}
