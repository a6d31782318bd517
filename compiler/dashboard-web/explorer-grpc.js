// The explorer's form for a unary RPC: one input per field of its request message (from the
// catalog's message shapes), sent through the dashboard to the app's gRPC server (POST /api/grpc);
// the answer shows the gRPC status, the metadata and trailers, and the reply.
import { callRpc } from './api.js';
import { el, fill } from './dom.js';

const NUMBERS = new Set(['int32', 'uint32', 'sint32', 'fixed32', 'sfixed32', 'double', 'float']);

/** The inputs of `rpc`'s request message. */
export function rpcFields(rpc) {
  const fields = rpc.request?.fields ?? [];
  if (fields.length === 0) return [el('p', { class: 'muted' }, rpc.request ? `${rpc.request.type} has no fields.` : 'The .proto of this RPC could not be read.')];
  return fields.map((field) => el('label', {}, `${field.name}: ${typeText(field)}${field.oneof ? ` (oneof ${field.oneof})` : ''}`, inputOf(field)));
}

function typeText(field) {
  if (field.mapKey) return `map<${field.mapKey}, ${field.type}> (JSON object)`;
  if (field.repeated) return `repeated ${field.type} (JSON array)`;
  if (field.kind === 'message') return `${field.type} (JSON object)`;
  return field.type;
}

function inputOf(field) {
  const data = { 'data-field': field.name, name: `field:${field.name}` };
  if (!field.repeated && !field.mapKey && field.type === 'bool') return el('select', data, el('option', { value: '' }, '(default)'), el('option', { value: 'true' }, 'true'), el('option', { value: 'false' }, 'false'));
  if (!field.repeated && !field.mapKey && field.kind === 'enum') return el('select', data, el('option', { value: '' }, '(default)'), ...field.values.map((v) => el('option', { value: v }, v)));
  return el('input', { ...data, placeholder: field.mapKey || field.kind === 'message' ? '{}' : field.repeated ? '[]' : field.type });
}

/** The request message the form describes; throws naming a field whose JSON does not parse. */
export function rpcMessage(rpc) {
  const message = {};
  for (const field of rpc.request?.fields ?? []) {
    const input = document.querySelector(`#explorer-params [data-field="${CSS.escape(field.name)}"]`);
    const text = input?.value.trim() ?? '';
    if (text === '') continue;
    if (field.repeated || field.mapKey || field.kind === 'message') {
      try {
        message[field.name] = JSON.parse(text);
      } catch {
        throw new Error(`${field.name} is not JSON`);
      }
    } else if (field.type === 'bool') message[field.name] = text === 'true';
    else if (NUMBERS.has(field.type)) message[field.name] = Number(text);
    else message[field.name] = text; // strings, bytes (base64), enums by name, 64-bit integers as text
  }
  return message;
}

/** Sends the form's call; resolves with a line for the history. */
export async function sendRpc(rpc, metadata, status, answerBox) {
  let message;
  try {
    message = rpcMessage(rpc);
  } catch (error) {
    fill(status, `not sent: ${error.message}`);
    return `${rpc.path} → ${error.message}`;
  }
  fill(status, `${rpc.path} …`);
  try {
    const answer = await callRpc({ rpc: rpc.id, message, metadata });
    const s = answer.status;
    fill(status, `${s.name} (${s.code})${s.code === 0 ? '' : `: ${s.details}`} in ${answer.durationMs} ms`);
    status.dataset.grpcStatus = s.name;
    fill(answerBox, JSON.stringify({ ...(answer.reply !== undefined ? { reply: answer.reply } : {}), metadata: answer.metadata, trailers: answer.trailers }, null, 2));
    return `${rpc.path} → ${s.name} (${answer.durationMs} ms)`;
  } catch (error) {
    fill(status, `not sent: ${error.message}`);
    return `${rpc.path} → ${error.message}`;
  }
}

const shellQuote = (text) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The call as a grpcurl command line. */
export function grpcurlOf(rpc, metadata, target) {
  let message = {};
  try {
    message = rpcMessage(rpc);
  } catch {
    // the command shows the fields that parse
  }
  const parts = ['grpcurl', '-plaintext', '-d', shellQuote(JSON.stringify(message))];
  for (const [name, value] of Object.entries(metadata)) parts.push('-H', shellQuote(`${name}: ${value}`));
  parts.push(target || '127.0.0.1:50051', `${rpc.service}/${rpc.rpc}`);
  return parts.join(' ');
}

/** The call through the app's own service definition with grpc-js. */
export function grpcClientCallOf(rpc, target) {
  let message = {};
  try {
    message = rpcMessage(rpc);
  } catch {
    // as above
  }
  const tree = rpc.service.split('.').join('.');
  return `const client = new proto.${tree}(${JSON.stringify(target || '127.0.0.1:50051')}, credentials.createInsecure());\nclient.${rpc.rpc}(${JSON.stringify(message)}, (error, reply) => console.log(error ?? reply));`;
}
