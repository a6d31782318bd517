// The floor of a Lambda cold start: a handler answering an HTTP API event by hand, importing nothing.
export const handler = async (event) => ({
  statusCode: event.rawPath === '/l/echo' ? 200 : 404,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ tag: event.queryStringParameters?.tag }),
});
