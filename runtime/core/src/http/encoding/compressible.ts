/**
 * Whether an answer of this `Content-Type` is worth compressing: text, JSON, JavaScript, XML, SVG,
 * WebAssembly. Images, video, archives and fonts are compressed already; an event stream
 * (`text/event-stream`) must reach the client event by event, which a compressor would hold back.
 *
 * @example
 * isCompressible('application/json; charset=utf-8'); // true
 * isCompressible('image/png');                       // false
 */
export function isCompressible(type: string | undefined): boolean {
  if (type === undefined) return false;
  const essence = type.split(';', 1)[0]!.trim().toLowerCase();
  if (essence === 'text/event-stream') return false;
  return COMPRESSIBLE.test(essence);
}

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|ecmascript|x-javascript|xml|xhtml\+xml|rss\+xml|atom\+xml|wasm|manifest\+json|ld\+json|graphql-response\+json|problem\+json|problem\+xml|x-ndjson|yaml|x-yaml|toml)$|[a-z]+\/[a-z0-9.+-]*\+(json|xml)$|image\/svg\+xml$|image\/x-icon$|font\/(otf|ttf)$)/;
