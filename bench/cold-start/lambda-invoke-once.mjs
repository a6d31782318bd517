// One Lambda container's first event, in this process: loads the function's module (as the
// Node.js runtime does), calls its handler with the event of a JSON file, prints one line of JSON
// ({ loadMs, firstEventMs, statusCode }, milliseconds since this process started) and exits.
//   node bench/cold-start/lambda-invoke-once.mjs <module.mjs> <event.json>
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [file, eventFile] = process.argv.slice(2);
const event = JSON.parse(readFileSync(eventFile, 'utf8'));
const { handler } = await import(pathToFileURL(file).href);
const loadMs = performance.now();
const result = await handler(event, { awsRequestId: 'first', getRemainingTimeInMillis: () => 30_000 });
console.log(JSON.stringify({ loadMs, firstEventMs: performance.now(), statusCode: result?.statusCode }));
