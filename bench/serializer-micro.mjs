// Should the runtime serialize answers with code compiled from the declared return types (as
// fast-json-stringify does from a schema) instead of JSON.stringify? Measured on the bench's own
// answers, in one process: calls per second of each, and their ratio. A few seconds in all.
//
//   node bench/serializer-micro.mjs [--ms 400] [--rounds 3]
import { parseArgs } from 'node:util';

const { values: opt } = parseArgs({ options: { ms: { type: 'string', default: '400' }, rounds: { type: 'string', default: '3' } } });
const budget = Number(opt.ms);
const rounds = Number(opt.rounds);

// What a compiled serializer does with a string: quoted as is when it needs no escape (the
// common case fast-json-stringify optimises for), else JSON.stringify's escaping.
const plain = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
const quote = (s) => (s.length < 42 && plain.test(s) ? `"${s}"` : JSON.stringify(s));

/** A serializer compiled from a shape (`{ name: 'string' | 'number' | 'boolean' | shape | [shape] }`). */
function compile(shape) {
  const parts = Object.entries(shape).map(([name, type], i) => {
    const key = `${i === 0 ? '{' : ','}${JSON.stringify(name)}:`;
    const value = `o[${JSON.stringify(name)}]`;
    if (type === 'string') return `${JSON.stringify(key)} + quote(${value})`;
    if (type === 'number') return `${JSON.stringify(key)} + (Number.isFinite(${value}) ? '' + ${value} : 'null')`;
    if (type === 'boolean') return `${JSON.stringify(key)} + (${value} ? 'true' : 'false')`;
    if (Array.isArray(type)) return `${JSON.stringify(key)} + '[' + ${value}.map(items${i}).join(',') + ']'`;
    return `${JSON.stringify(key)} + nested${i}(${value})`;
  });
  const helpers = Object.entries(shape).flatMap(([, type], i) =>
    Array.isArray(type) ? [[`items${i}`, itemSerializer(type[0])]] : typeof type === 'object' ? [[`nested${i}`, compile(type)]] : [],
  );
  const body = `return (o) => ${parts.join(' + ')} + '}';`;
  return new Function('quote', ...helpers.map(([name]) => name), body)(quote, ...helpers.map(([, fn]) => fn));
}

/** The serializer of an array's items: a string's, a number's, or a compiled object's. */
function itemSerializer(type) {
  if (type === 'string') return quote;
  if (type === 'number') return (n) => (Number.isFinite(n) ? `${n}` : 'null');
  return compile(type);
}

const answers = [
  { id: 'get-one answer', value: { id: '42', title: 'todo', done: false }, shape: { id: 'string', title: 'string', done: 'boolean' } },
  {
    id: 'post-valid answer',
    value: { id: '1234', name: 'bench', priority: 1, colorLabel: '#00ff00', done: false },
    shape: { id: 'string', name: 'string', priority: 'number', colorLabel: 'string', done: 'boolean' },
  },
  { id: 'post-nested answer', value: { id: '99', customer: 'Ada Lovelace', lines: 3 }, shape: { id: 'string', customer: 'string', lines: 'number' } },
  {
    id: 'post-invalid answer (400)',
    value: {
      status: 400, name: 'NotValidBodyException', message: 'Invalid request body: name must be a string; priority must be a number',
      reasons: [{ property: 'name', errorMessage: 'name must be a string', constraints: ['isString'] }, { property: 'priority', errorMessage: 'priority must be a number conforming to the specified constraints', constraints: ['isNumber'] }],
    },
    shape: { status: 'number', name: 'string', message: 'string', reasons: [{ property: 'string', errorMessage: 'string', constraints: ['string'] }] },
  },
];
function callsPerSecond(serialize, value) {
  let sink = 0;
  for (let i = 0; i < 20_000; i++) sink += serialize(value).length;
  let calls = 0;
  const start = performance.now();
  while (performance.now() - start < budget) {
    for (let i = 0; i < 10_000; i++) sink += serialize(value).length;
    calls += 10_000;
  }
  if (sink === 0) throw new Error('nothing serialized');
  return (calls * 1000) / (performance.now() - start);
}

console.log('| answer | JSON.stringify calls/s | compiled calls/s | compiled ÷ JSON.stringify |');
console.log('|---|--:|--:|--:|');
for (const { id, value, shape } of answers) {
  const compiled = compile(shape);
  if (compiled(value) !== JSON.stringify(value)) throw new Error(`${id}: the compiled serializer answers ${compiled(value)}, not ${JSON.stringify(value)}`);
  let json = 0;
  let ours = 0;
  for (let r = 0; r < rounds; r++) {
    json = Math.max(json, callsPerSecond(JSON.stringify, value));
    ours = Math.max(ours, callsPerSecond(compiled, value));
  }
  console.log(`| ${id} | ${Math.round(json).toLocaleString('en-US')} | ${Math.round(ours).toLocaleString('en-US')} | ${(ours / json).toFixed(2)}× |`);
}
