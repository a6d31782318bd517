import type { Entry } from './entry.js';

/**
 * FW14xx: gRPC controllers and `.proto` files. FW22xx: gRPC streaming and message shapes.
 * Part of the diagnostics catalogue (`../catalogue.ts`), whose conventions hold here.
 *
 * @example
 * grpcCatalogue.FW1401.severity // 'error'
 */
export const grpcCatalogue = {
  FW1401: {
    severity: 'error',
    message: (a) => `The service definition given to @GrpcController on ${a.controller} cannot be resolved at build time: ${a.reason}.`,
    hint: () =>
      "pass `<tree>.<package>.<Service>.service`, where the tree is a const initialised with `loadProto(fileURLToPath(new URL('./x.proto', import.meta.url)))` in this file or one it imports, so the compiler can read the .proto.",
  },
  FW1402: {
    severity: 'error',
    message: (a) => `loadProto reads ${a.file}, which does not exist.`,
    hint: (a) =>
      a.encoded
        ? "the path is percent-encoded (%20 for a space): a URL's `.pathname` is not decoded, so loadProto looks for a file of that literal name; use `fileURLToPath(new URL('./x.proto', import.meta.url))`, which decodes it."
        : "check the file name; `fileURLToPath(new URL('./x.proto', import.meta.url))` resolves against the module that calls loadProto.",
  },
  FW1403: {
    severity: 'error',
    message: (a) => `loadProto reads ${a.file}, which cannot be parsed: ${a.at}: ${a.error}.`,
    hint: (a) => `fix the .proto at ${a.at}; framework-build reads it as @grpc/proto-loader will at run time.`,
  },
  FW1404: {
    severity: 'error',
    message: (a) => `\`${a.text}\` names no service of ${a.file}: ${a.problem}.`,
    hint: (a) => a.fix,
  },
  FW1405: {
    severity: 'error',
    message: (a) => `${a.binding} names no RPC of ${a.service} (its RPCs: ${a.rpcs}).`,
    hint: (a) => (a.suggestion ? `did you mean '${a.suggestion}'? RPC names are case-sensitive: ${a.fix}.` : 'bind one of the RPCs of the service, or add the RPC to the .proto.'),
  },
  FW1406: {
    severity: 'error',
    message: (a) => `RPC ${a.rpc} of ${a.service} (${a.at}) is bound by no method of ${a.controller}; its calls answer UNIMPLEMENTED.`,
    hint: (a) =>
      `add a method decorated with @GrpcMethod('${a.rpc}') to ${a.controller}; to accept unbound RPCs, pass --allow-unbound-rpc or set "frameworkBuild": { "allowUnboundRpc": true } in package.json (this is then a warning).`,
  },
  FW1408: {
    severity: 'warning',
    message: (a) => `@GrpcPayload() parameter '${a.param}' of ${a.handler} has type ${a.type}, whose ${a.fields} not in the request message ${a.message} (its fields: ${a.messageFields}).`,
    hint: (a) => `the payload carries the .proto's field names ${a.casing ?? 'as written (keepCase)'}${a.renames ? `: ${a.renames}` : `; declare the parameter with the fields of ${a.message}`}.`,
  },
  FW1409: {
    severity: 'error',
    message: (a) => `\`${a.server}\` comes after \`${a.app}.init(…)\` (line ${a.line}); the application accepts no transport once init has run, so this throws at startup.`,
    hint: (a) => `construct the server before init: \`const grpc = new GrpcServer(${a.app}); await ${a.app}.init(AppModule);\`.`,
  },
  FW1410: {
    severity: 'warning',
    message: (a) => `loadProto is given the relative ${a.what ?? 'path'} '${a.path}', which resolves against the working directory at run time; the compiler read ${a.file}.`,
    hint: (a) =>
      a.what
        ? "anchor the directory on the module: `includeDirs: [fileURLToPath(new URL('./protos', import.meta.url))]`."
        : "anchor the path on the module: `loadProto(fileURLToPath(new URL('./x.proto', import.meta.url)))`.",
  },
  FW1411: {
    severity: 'error',
    message: (a) => `${a.second} and ${a.first} (${a.firstAt}) both bind RPC ${a.service}/${a.rpc}; an RPC is served by one method.`,
    hint: () => 'remove @GrpcMethod from one of them, or bind it to another RPC.',
  },
  FW1412: {
    severity: 'error',
    message: (a) => `Parameter '${a.param}' of gRPC handler ${a.handler} ${a.problem}, so there is nothing to pass on a gRPC call.`,
    hint: () => "decorate it with @GrpcPayload(), @GrpcMetadata('key'), @GrpcMetadata() or @Ctx(), or remove it.",
  },
  FW1413: {
    severity: 'error',
    message: (a) => `${a.second} and ${a.first} (${a.firstAt}) are both @GrpcController of ${a.service}; a gRPC server serves each service from one class.`,
    hint: () => 'merge the two controllers into one class, or give each its own service in the .proto.',
  },
  FW1414: {
    severity: 'error',
    message: (a) => `@GrpcMethod on ${a.handler} is ignored: ${a.controller} is an HTTP @Controller, so no RPC is bound to it.`,
    hint: () => 'move the method to the @GrpcController class of the service, or remove @GrpcMethod (serve it over HTTP with @Get, @Post, …).',
  },
  FW1415: {
    severity: 'error',
    message: (a) => `The options given to loadProto cannot be read at build time: ${a.reason}; the compiler needs \`keepCase\` and \`includeDirs\` to read the .proto as it is loaded at run time.`,
    hint: () =>
      "write the options as an object literal (in the call, or in a const initialised with one) with `keepCase: true` or `false` and `includeDirs: [fileURLToPath(new URL('./protos', import.meta.url))]`; other options are not read.",
  },
  FW1416: {
    severity: 'error',
    message: (a) =>
      `${a.controller} is a @GrpcController, and a ${a.target} bundle cannot serve gRPC: ${a.why}.`,
    hint: (a) => `bundle for ${a.target} an entry whose root module leaves ${a.controller} out (HTTP controllers only), and serve gRPC from a Node bundle (--target node).`,
  },
  FW2200: {
    severity: 'error',
    message: (a) => `${a.handler} serves ${a.service}/${a.rpc}, a ${a.kind} RPC, but returns ${a.type}, which is not an iterable of ${a.message} messages.`,
    hint: (a) => `make it an \`async *\` method that yields ${a.message} messages (or return an array of them), or make the RPC answer one message in the .proto (no \`stream\` in \`returns\`).`,
  },
  FW2201: {
    severity: 'error',
    message: (a) => `${a.handler} serves ${a.service}/${a.rpc}, a ${a.kind} RPC answered with one ${a.message}, but returns ${a.type}, an iterable: the client would get the iterable object, not its messages.`,
    hint: (a) => `return one ${a.message} (not an \`async *\` method), or declare the RPC as \`returns (stream ${a.message})\` in the .proto.`,
  },
  FW2202: {
    severity: 'error',
    message: (a) => `@GrpcPayload() parameter '${a.param}' of ${a.handler} reads one request, but ${a.service}/${a.rpc} is a ${a.kind} RPC: its ${a.message} messages arrive as a stream.`,
    hint: (a) => `write \`@GrpcStream() ${a.param}: AsyncIterable<${a.message.split('.').at(-1)}>\` and read it with \`for await\`.`,
  },
  FW2203: {
    severity: 'error',
    message: (a) => `@GrpcStream() parameter '${a.param}' of ${a.handler} reads a stream of requests, but ${a.service}/${a.rpc} is a ${a.kind} RPC: it receives one ${a.message}.`,
    hint: (a) => `write \`@GrpcPayload() ${a.param}: ${a.message.split('.').at(-1)}\`, or declare the RPC as \`rpc ${a.rpc} (stream ${a.message})\` in the .proto.`,
  },
  FW2204: {
    severity: 'warning',
    message: (a) => `${a.handler} returns ${a.type}, whose ${a.fields} not in the response message ${a.message} of ${a.service}/${a.rpc} (its fields: ${a.messageFields}); the encoder drops them.`,
    hint: (a) => `return the fields of ${a.message}${a.renames ? `: ${a.renames}` : ''}; the generated types of the .proto (\`generated/…/<file>.proto.ts\`) spell them out.`,
  },
  FW2205: {
    severity: 'warning',
    message: (a) => `@GrpcStream() parameter '${a.param}' of ${a.handler} has type ${a.type}, whose messages' ${a.fields} not in the request message ${a.message} (its fields: ${a.messageFields}).`,
    hint: (a) => `the messages carry the .proto's field names ${a.casing ?? 'as written (keepCase)'}${a.renames ? `: ${a.renames}` : `; declare the parameter as AsyncIterable<${a.message.split('.').at(-1)}> with the generated type`}.`,
  },
} satisfies Record<string, Entry>;
