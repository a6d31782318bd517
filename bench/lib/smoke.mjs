// One request per scenario before any load: a peer that answers wrongly is not measured.
import { multipartBody } from './scenarios.mjs';
import { grpcCall, ports } from './server.mjs';

/** Throws with what differed; resolves when every scenario answers as expected. */
export async function smoke(transport, scenarios, token) {
  for (const s of scenarios) {
    if (transport === 'http') {
      const headers = {};
      let body = s.body && JSON.stringify(s.body);
      if (s.body) headers['content-type'] = 'application/json';
      if (s.multipart) ({ body, contentType: headers['content-type'] } = multipartBody(s.multipart));
      if (s.auth) headers.authorization = `Bearer ${token}`;
      const response = await fetch(`http://127.0.0.1:${ports.http}${s.path}`, { method: s.method, headers, body });
      const text = await response.text();
      if (response.status !== s.status || text.length === 0) throw new Error(`${s.id}: expected ${s.status}, got ${response.status} ${text.slice(0, 200)}`);
      if (s.auth) {
        const refused = await fetch(`http://127.0.0.1:${ports.http}${s.path}`).then((r) => r.text().then(() => r.status));
        if (refused !== 403) throw new Error(`${s.id}: without a token expected 403, got ${refused}`);
      }
    } else {
      const reply = await grpcCall(s.rpc, s.message);
      for (const [key, value] of Object.entries(s.expect)) {
        if (reply[key] !== value) throw new Error(`${s.id}: expected ${key}=${JSON.stringify(value)}, got ${JSON.stringify(reply)}`);
      }
    }
  }
}
