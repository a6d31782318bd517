import { wiringCatalogue } from './catalogue-wiring.js';

/**
 * Every diagnostic `framework-build` can report: a stable code, a severity, and templates for the
 * message (what is wrong, where) and the hint (how to fix it). Codes never change meaning; retired
 * codes are not reused.
 *
 * FW10xx: modules, dependency injection and the build itself. FW12xx: HTTP routes and DTOs.
 * FW13xx: guards. FW14xx: gRPC controllers and `.proto` files. FW15xx: throttler configuration.
 * FW16xx: project set-up (tsconfig.json, package.json), reported before tsc ever runs.
 * FW17xx: compiled validation of DTOs.
 * FW18xx: the request chain's classes (guards, interceptors, filters, middleware, pipes) and typed parameters.
 * FW19xx: safe defaults (wiring that would fail or run unchecked at run time).
 * FW23xx: wiring of the newer capabilities (interceptor options, pipes, configuration), in `catalogue-wiring.ts`.
 *
 * @example
 * const d = diagnostic('FW1202', location, { name: 'x', handler: 'TodoController.findOne', path: '/todo/:id', params: [':id'] });
 */
export type Severity = 'error' | 'warning';

type Args = Record<string, string>;

/** When another module of the application provides the token, the fix is to import it, not to provide it twice. */
const importHint = (a: Args): string => `${a.provider} provides ${a.token}: add ${a.provider} to the \`imports\` of ${a.module}.`;

export interface Entry {
  readonly severity: Severity;
  readonly message: (a: Args) => string;
  readonly hint: (a: Args) => string;
}

export const catalogue = {
  FW1001: {
    severity: 'error',
    message: (a) =>
      `${a.owner} needs '${a.param}: ${a.type}' (constructor parameter ${a.position}), but no module in scope of ${a.module} provides ${a.token}.`,
    hint: (a) => (a.provider ? importHint(a) : `add ${a.token} to the \`injectables\` of ${a.module}, or import the module that provides it.`),
  },
  FW1002: {
    severity: 'error',
    message: (a) => `Dependency cycle: ${a.cycle}. None of these providers can be constructed.`,
    hint: () => 'move what the providers share into a third injectable that both depend on, so the constructors no longer need each other.',
  },
  FW1003: {
    severity: 'warning',
    message: (a) => `${a.kind} ${a.name} is never reachable from the root module ${a.root}, so it is not part of the application.`,
    hint: (a) => `list it in the \`${a.field}\` of ${a.root} or of a module imported from it, or delete it.`,
  },
  FW1004: {
    severity: 'error',
    message: (a) => `${a.what} must be static (${a.expected}), but \`${a.text}\` is only known at run time.`,
    hint: () => 'write the value as a literal in the decorator, or move it into an exported `const` initialised with a literal.',
  },
  FW1005: {
    severity: 'error',
    message: (a) => a.problem,
    hint: (a) => a.fix,
  },
  FW1006: {
    severity: 'error',
    message: (a) =>
      `Constructor parameter '${a.param}' of ${a.owner} has type ${a.type}, which cannot be a dependency-injection token (${a.reason}).`,
    hint: () =>
      'declare the parameter with a class type, or name the token with @Inject(<token>) on the parameter; an option with a default value (`options: Options = {}`) as the last parameters is left to its default.',
  },
  FW1007: {
    severity: 'error',
    message: (a) => `${a.name} is used by the ${a.use} but is not exported from ${a.file}; the generated tables must import it.`,
    hint: (a) =>
      a.namespace
        ? `move ${a.name} out of namespace ${a.namespace} to the top level of its file and export it there: an import can name a top-level export only, not a namespace member.`
        : `add \`export\` to the declaration of ${a.name}.`,
  },
  FW1008: {
    severity: 'error',
    message: (a) => `Handler ${a.handler} is ${a.why}; the router can only call public instance methods.`,
    hint: () => 'make the method a public, non-static method of the controller.',
  },
  FW1009: {
    severity: 'error',
    message: (a) => `${a.name} is listed in the \`${a.field}\` of ${a.module}, but it is not ${a.expected}.`,
    hint: (a) => `decorate ${a.name} with ${a.decorator}, or remove it from \`${a.field}\`.`,
  },
  FW1010: {
    severity: 'error',
    message: (a) => `${a.name} is abstract, but ${a.module} provides it as a class to instantiate; an abstract class cannot be instantiated.`,
    hint: (a) => `provide a concrete subclass instead: { token: ${a.name}, useClass: <Concrete${a.name}> }.`,
  },
  FW1011: {
    severity: 'error',
    message: (a) =>
      `${a.name} is decorated with both ${a.first} (line ${a.line}) and ${a.second}; a controller serves one transport, so the compiler would keep only its ${a.second} handlers.`,
    hint: () => 'split it into two classes, one @Controller for the HTTP routes and one @GrpcController for the RPCs; both can inject the same service.',
  },
  FW1012: {
    severity: 'error',
    message: (a) => `\`${a.text}\` in the \`imports\` of ${a.module} ${a.reason}, so none of its controllers or injectables would exist at run time.`,
    hint: (a) => a.fix,
  },
  FW1013: {
    severity: 'error',
    message: (a) => `framework-build stopped on an unexpected internal error${a.while ? ` while reading ${a.while}` : ''}: ${a.error}`,
    hint: (a) =>
      a.stack
        ? 'this is a bug in framework-build, not in your code; please report it with the stack trace above.'
        : 'this is a bug in framework-build, not in your code; please report it. Set FRAMEWORK_BUILD_DEBUG=1 to print the stack trace.',
  },
  FW1014: {
    severity: 'error',
    message: (a) => `${a.file} does not parse: ${a.error}`,
    hint: () => 'fix the syntax here (tsc reports the same error); until the file parses, framework-build cannot read what it declares, so it writes nothing.',
  },
  FW1201: {
    severity: 'error',
    message: (a) => `Member '${a.member}' of body class ${a.dto} has no class-validator decorator; every body member needs one.`,
    hint: (a) => `decorate '${a.member}' with a class-validator decorator that matches its type (e.g. @IsString()), or remove it from ${a.dto}.`,
  },
  FW1202: {
    severity: 'error',
    message: (a) => `@Param('${a.name}') of ${a.handler} has no ':${a.name}' in its route path '${a.path}'.`,
    hint: (a) => (a.params ? `the path declares ${a.params}; use one of them, or add '/:${a.name}' to the path.` : `the path declares no parameters; add '/:${a.name}' to the path.`),
  },
  FW1203: {
    severity: 'error',
    message: (a) => `Duplicate route ${a.method} ${a.path}: ${a.first} (${a.firstAt}) and ${a.second} (${a.secondAt}) both handle it.`,
    hint: () => 'change the path or the HTTP method of one of the two handlers, or merge them.',
  },
  FW1204: {
    severity: 'error',
    message: (a) => `@Body() parameter '${a.param}' of ${a.handler} has type ${a.type}, which is not a validated class, so the body would reach the handler unchecked.`,
    hint: () =>
      'declare a DTO class whose members carry class-validator decorators and use it as the parameter type, ' +
      'or write @Body({ validate: false }) to take the parsed JSON unchecked on purpose.',
  },
  FW1205: {
    severity: 'error',
    message: (a) => `Parameter '${a.param}' of handler ${a.handler} has no parameter decorator, so the router has nothing to pass.`,
    hint: () => 'decorate it with @Req(), @Body(), @Query(), @Param(name), @Header() or @Ctx(), or remove it.',
  },
  FW1206: {
    severity: 'error',
    message: (a) => `@${a.decorator} on ${a.handler} is ignored: ${a.controller} is a @GrpcController, which serves RPCs only, so no HTTP route is registered for it.`,
    hint: (a) => `move the method to a @Controller class to serve it over HTTP, or remove @${a.decorator} (bind the method to an RPC with @GrpcMethod).`,
  },
  FW1207: {
    severity: 'error',
    message: (a) => `@HttpCode(${a.status}) on ${a.handler} is not a status a response can have: responses are built with statuses 200 to 599 only, so every call of this route would fail.`,
    hint: () => 'use a status between 200 and 599 (for example 200, 201 or 204); 1xx statuses cannot be sent by a handler.',
  },
  FW1208: {
    severity: 'warning',
    message: (a) => `${a.handler} returns ${a.type}, but @HttpCode(${a.status}) answers without a body: a ${a.status} response cannot carry one, so the returned value is dropped.`,
    hint: (a) => `declare ${a.handler} as returning void (or Promise<void>) and return nothing, or use a status that carries a body (200, or 201 for a creation).`,
  },
  FW1301: {
    severity: 'error',
    message: (a) => `Guard ${a.guard} reads \`${a.param}.request\` in canActivate, which does not exist in V2 (it is undefined at run time).`,
    hint: (a) => `V2 renamed it: read \`${a.param}.req\` instead (for example \`${a.param}.req.header('authorization')\`).`,
  },
  FW1302: {
    severity: 'warning',
    message: (a) => `GLOBAL_GUARD is declared ${a.count} times: ${a.entries}. Only one guard fits the slot; the last declared (${a.winner}) wins.`,
    hint: () => 'keep one GLOBAL_GUARD entry; to combine guards, subclass one with the other and register the subclass.',
  },
  FW1303: {
    severity: 'error',
    message: (a) => `GLOBAL_GUARD is provided with \`${a.entry}\` in ${a.module}; the global guard is only taken from a \`useClass\` entry, so this guard never runs.`,
    hint: (a) => `write \`{ token: GLOBAL_GUARD, useClass: ${a.guard} }\`: the injector then creates the guard and injects its constructor dependencies.`,
  },
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
  FW1501: {
    severity: 'error',
    message: (a) => `@${a.decorator} on ${a.owner} names throttler '${a.name}', which no ThrottlerModule.forRoot of the application declares.`,
    hint: (a) => `the declared throttlers are ${a.declared} (a throttler without a name is 'default')${a.suggestion ? `; did you mean '${a.suggestion}'?` : '; use one of them or declare it in forRoot.'}`,
  },
  FW1502: {
    severity: 'error',
    message: (a) => `\`${a.field}\` of ${a.owner} must be a positive integer ${a.field === 'ttl' ? 'number of milliseconds' : 'count of calls per window'}, but it is ${a.got}.`,
    hint: (a) => (a.field === 'ttl' ? 'write a whole number of milliseconds above 0 (60000 is one minute).' : 'write a whole number of calls above 0 (for example 10).'),
  },
  FW1503: {
    severity: 'error',
    message: (a) => `Throttler name '${a.name}' is declared twice in ThrottlerModule.forRoot (first at ${a.first}); each throttler needs its own name.`,
    hint: () => "rename one of them (a throttler without a name is named 'default').",
  },
  FW1504: {
    severity: 'error',
    message: (a) =>
      `@SkipThrottle({ ${a.name}: false }) on ${a.handler} re-enables throttler '${a.name}' under @SkipThrottle() on ${a.controller}, but the throttler names are only known at run time (${a.why}), so the compiler cannot list the throttlers that stay skipped.`,
    hint: () =>
      'name the throttlers to skip on the class (`@SkipThrottle({ <name>: true, … })`) instead of `@SkipThrottle()`, or give ThrottlerModule.forRoot a static array literal so the names are known at build time.',
  },
  FW1601: {
    severity: 'error',
    message: (a) =>
      `${a.config} does not enable \`experimentalDecorators\`${a.got ? ` (it is ${a.got})` : ''}; the framework's decorators need it, and without it tsc stops with TS1206/TS1241 errors that never name the setting.`,
    hint: () => 'add `"experimentalDecorators": true` to "compilerOptions" (no `emitDecoratorMetadata` or `reflect-metadata` is needed).',
  },
  FW1602: {
    severity: 'error',
    message: (a) =>
      `${a.config} compiles to ${a.kind} modules (\`"module": "${a.module}"\`), but @framework/core and @framework/grpc are ES modules and the generated tables import your files with ES \`import\`.`,
    hint: () => 'set `"module": "NodeNext"` and `"moduleResolution": "NodeNext"` in "compilerOptions" (or `"module": "ESNext"` with `"moduleResolution": "Bundler"` when a bundler builds the app).',
  },
  FW1603: {
    severity: 'error',
    message: (a) =>
      `${a.manifest} has no \`"type": "module"\`${a.got ? ` (it is ${a.got})` : ''}, so Node loads the compiled .js files as CommonJS${a.nodeNext ? ' and tsc, with "module": "NodeNext", emits them as CommonJS' : ''}; the framework's packages are ES modules and the entry point uses top-level await.`,
    hint: () => 'add `"type": "module"` to package.json.',
  },
  FW1604: {
    severity: 'error',
    message: (a) =>
      `The generated folder ${a.out} is outside \`"rootDir": "${a.rootDir}"\` of ${a.config}, so tsc stops with TS6059 when it compiles the tables your entry point imports.`,
    hint: (a) => `set \`"rootDir": "${a.common}"\` (a folder holding both ${a.src} and ${a.out}), or remove "rootDir".`,
  },
  FW1605: {
    severity: 'warning',
    message: (a) =>
      `${a.config} does not include the generated folder ${a.out}: tsc compiles the tables only when the entry point imports them, and \`tsc --noEmit\` and editors do not check them against your code.`,
    hint: (a) => `add "${a.entry}" to "include": \`"include": [${a.include}]\`.`,
  },
  FW1606: {
    severity: 'warning',
    message: (a) =>
      `${a.config} resolves modules with \`"moduleResolution": "${a.resolution}"\`, which ignores the \`exports\` of package.json: the subpaths @framework/core/metadata and @framework/core/transport cannot be imported.`,
    hint: () => 'set `"moduleResolution": "NodeNext"` (with `"module": "NodeNext"`), or `"Bundler"` when a bundler builds the app.',
  },
  FW1607: {
    severity: 'warning',
    message: (a) =>
      `No tsconfig.json in ${a.src}/ or beside package.json: framework-build reads the sources with built-in options, but tsc has nothing to compile the app with.`,
    hint: (a) =>
      `create tsconfig.json beside package.json: { "compilerOptions": { "target": "ES2022", "module": "NodeNext", "moduleResolution": "NodeNext", "experimentalDecorators": true, "strict": true, "outDir": "dist", "types": ["node"] }, "include": ["${a.srcRel}", "${a.outRel}"] }.`,
  },
  FW1801: {
    severity: 'error',
    message: (a) => `${a.decorator} parameter '${a.param}' of ${a.handler} is declared as ${a.type}, which the text of a ${a.place} parameter cannot be converted to.`,
    hint: (a) =>
      `declare it as string, number, boolean, Date (ISO 8601), an enum or a union of string or number literals${a.place === 'query' ? " (optional with '?', '| undefined' or a default value)" : ''}, or convert it with a pipe: ${a.example}.`,
  },
  FW1803: {
    severity: 'error',
    message: (a) => `Member '${a.member}' of query class ${a.dto} is declared as ${a.type}, which a query parameter's text cannot be converted to.`,
    hint: () => 'declare it as string, number, boolean, Date (ISO 8601), an enum or a union of string or number literals; read anything else as a string and convert it in the handler.',
  },
  FW1810: {
    severity: 'error',
    message: (a) => `${a.cls} is given to ${a.where} as ${a.role}, but it has no ${a.method}() method: the chain would fail with a TypeError wherever it runs.`,
    hint: (a) => (a.suggestion ? `did you mean '${a.suggestion}'? Rename it to ${a.method}(${a.signature}).` : `implement ${a.method}(${a.signature}) on ${a.cls} (the ${a.contract} interface), or give ${a.where} another class.`),
  },
  FW1901: {
    severity: 'error',
    message: (a) =>
      `${a.guard} is registered as a guard here, but no module in scope of ${a.module} imports ThrottlerModule.forRoot(…), so the guard has no throttlers to apply (nothing provides its ThrottlerConfig).`,
    hint: (a) => `add ThrottlerModule.forRoot([{ ttl: 60000, limit: 10 }]) to the \`imports\` of ${a.module} (or of a module it imports), or remove the guard.`,
  },
  FW1701: {
    severity: 'warning',
    message: (a) => `Body class ${a.dto} is validated by class-validator at run time, not by a compiled validator: ${a.subject} cannot be compiled (${a.why}).`,
    hint: () => 'its answers are the same, only slower, and class-validator is loaded at start; to compile it, use the decorators listed under "Compiled validation" in the README with literal arguments (`--explain` lists every DTO and how it is validated).',
  },
  FW1702: {
    severity: 'error',
    message: (a) => `${a.decorator} on member '${a.member}' of body class ${a.dto} checks ${a.what}, but the member is declared as ${a.declared}: every valid ${a.type} is refused, and what passes is not a ${a.type}.`,
    hint: (a) => `use ${a.fits}, or change the declared type to match the rule.`,
  },
  // OpenAPI document and typed client (FW21xx).
  FW2101: {
    severity: 'warning',
    message: (a) => `@throws {${a.name}} on ${a.handler} names an exception whose status the compiler cannot tell, so the OpenAPI document leaves it out.`,
    hint: (a) => `name a built-in exception class of @framework/core (@throws {NotFoundException} when …), or write the status after the type: @throws {${a.name}} 409 when ….`,
  },
  FW2102: {
    severity: 'error',
    message: (a) => `${a.second} and ${a.first} (${a.firstAt}) get the same operation '${a.id}' in the OpenAPI document and the typed client: two controllers with the same class name have a handler of the same name.`,
    hint: () => 'rename one of the controller classes or one of the handlers: operations are named <controller without "Controller">.<handler>.',
  },
  // gRPC streaming and message shapes (FW2200-FW2299)
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
  // Factory and alias providers (`useFactory`, `useExisting`).
  FW2001: {
    severity: 'error',
    message: (a) => `The factory of ${a.owner} takes ${a.params} parameter(s) (${a.names}), but its \`inject\` lists ${a.count} token(s): the factory is called with one instance per \`inject\` element, in order.`,
    hint: () => 'list one token per factory parameter in `inject`, in the order of the parameters.',
  },
  FW2002: {
    severity: 'error',
    message: (a) => `inject[${a.index}] of ${a.owner} provides ${a.token}, but the factory's parameter '${a.param}' is declared as ${a.type}.`,
    hint: (a) => `put the token of a ${a.type} at inject[${a.index}], or declare '${a.param}' as ${a.token}.`,
  },
  FW2003: {
    severity: 'error',
    message: (a) => `The factory of ${a.owner} injects ${a.token} (inject[${a.index}]), but no module in scope of ${a.module} provides ${a.token}.`,
    hint: (a) => (a.provider ? importHint(a) : `add ${a.token} to the \`injectables\` of ${a.module}, or import the module that provides it.`),
  },
  FW2004: {
    severity: 'error',
    message: (a) => `${a.owner} is an alias of ${a.token} (useExisting), but no module in scope of ${a.module} provides ${a.token}.`,
    hint: (a) => (a.provider ? importHint(a) : `add ${a.token} to the \`injectables\` of ${a.module} (or import the module that provides it), or alias a token that is provided.`),
  },
  FW2005: {
    severity: 'error',
    message: (a) => `${a.owner} is made by an async factory, but it is request-scoped (through ${a.dep}): request-scoped instances are created while a call runs, so its dependents would receive a promise.`,
    hint: () => 'make the factory synchronous, or keep it out of request scope by not injecting request-scoped providers into it.',
  },
  FW2006: {
    severity: 'error',
    message: (a) => `The useFactory of ${a.owner} is \`${a.text}\`, of type ${a.type}, which is not a function.`,
    hint: () => 'give `useFactory` a function (`(config: ConfigService) => …`) whose parameters match `inject`, or use `useValue` for a ready value.',
  },
  ...wiringCatalogue,
} satisfies Record<string, Entry>;

export type DiagnosticCode = keyof typeof catalogue;
