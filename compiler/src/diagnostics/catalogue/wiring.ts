import type { Entry } from './entry.js';

/**
 * FW23xx: wiring mistakes of the newer capabilities that type-check and fail silently at run time:
 * an option decorator no layer reads, a layer that cannot act where it is applied, a pipe whose
 * output contradicts its parameter, a configuration schema the environment cannot fill.
 * Part of the diagnostics catalogue (`../catalogue.ts`), whose conventions hold here.
 *
 * @example
 * wiringCatalogue.FW2301.severity // 'warning'
 */
export const wiringCatalogue = {
  FW2301: {
    severity: 'warning',
    message: (a) => `${a.what} on ${a.owner} has no effect: only a ${a.layer} reads it, and no ${a.layer} runs on ${a.scope}.`,
    hint: (a) =>
      (a.kind === 'guard'
        ? `register the guard: \`{ token: GLOBAL_GUARD, useClass: ThrottlerGuard }\` in the module that imports ThrottlerModule.forRoot([…]), or \`@UseGuard(ThrottlerGuard)\` on ${a.controller}${a.method ? ` or on ${a.method}` : ''}`
        : `register the interceptor: \`@UseInterceptors(${a.layer})\` on ${a.controller}${a.method ? ` or on ${a.method}` : ''}, \`{ token: GLOBAL_INTERCEPTOR, useClass: ${a.layer} }\` in a module's injectables, or \`app.useGlobalInterceptors(new ${a.layer}())\` before init`) +
      `; or remove ${a.what}.`,
  },
  FW2302: {
    severity: 'warning',
    message: (a) =>
      `${a.what} on ${a.owner} bounds only the time until the handler returns its stream: ${a.rpc} is a ${a.kind} RPC, and the TimeoutInterceptor stops timing once the iterable is returned, not when its last message is sent.`,
    hint: (a) =>
      `bound the stream where it is produced: stop yielding when \`context.signal\` aborts (the client's deadline, \`context.deadline\`, aborts it) or when your own time limit passes; then remove ${a.what}.`,
  },
  FW2303: {
    severity: 'warning',
    message: (a) => `${a.what} on ${a.owner} has no effect: ${a.why}.`,
    hint: (a) =>
      a.response
        ? 'return the value (the cache keeps values and sends them as JSON), or remove the cache from this route.'
        : `cache GET routes only (a ${a.method} may change state, so its answer must not be replayed); to cache other calls on purpose, register \`new CacheInterceptor({ key: (context) => … })\` with a key that returns one for them.`,
  },
  FW2304: {
    severity: 'error',
    message: (a) =>
      `Member '${a.member}' of configuration schema ${a.schema} has no validator, so ConfigModule never reads it from the environment: it is always ${a.value}.`,
    hint: (a) =>
      `decorate '${a.member}' with a validator of its type (@IsString(), @IsInt(), @IsBoolean(); add @IsOptional() when it may be unset), or move a fixed value out of the schema into a constant.`,
  },
  FW2305: {
    severity: 'error',
    message: (a) => `${a.receiver}.get('${a.key}') reads '${a.key}', which ${a.schemas} does not declare: it returns undefined.`,
    hint: (a) =>
      a.suggestion
        ? `did you mean '${a.suggestion}'? Write ${a.receiver}.get('${a.suggestion}').`
        : `declare ${a.key} in ${a.schema} with a validator (@IsOptional() when it may be unset), or read one of its keys: ${a.keys}.`,
  },
  FW2306: {
    severity: 'error',
    message: (a) =>
      `The default of '${a.member}' in configuration schema ${a.schema} is ${a.value}, which its own ${a.rule} refuses: whenever ${a.member} is not set, init stops with an InvalidConfigurationError.`,
    hint: (a) => (a.unquoted ? `write the default without quotes: ${a.member} = ${a.unquoted}.` : `give '${a.member}' a default that ${a.rule} accepts, or change the rule.`),
  },
  FW2307: {
    severity: 'error',
    message: (a) =>
      `Member '${a.member}' of configuration schema ${a.schema} is a ${a.kind}, but none of its rules converts a variable's text to a ${a.kind}, so a value from the environment stays a string ('${a.example}', not ${a.example}).`,
    hint: (a) => `add ${a.rule} to '${a.member}': ConfigModule converts the text by the member's rules, not by its declared type.`,
  },
  FW2308: {
    severity: 'error',
    message: (a) =>
      `Parameter '${a.param}' of ${a.handler} is declared as ${a.expected}, but its last pipe ${a.pipe} produces ${a.given}: the handler would receive a value of another type than it declares (and the generated tables would not type-check).`,
    hint: (a) => `declare '${a.param}' as ${a.given}, or end its pipes with one whose transform returns ${a.expected}.`,
  },
  FW2309: {
    severity: 'error',
    message: (a) => `${a.pipe} on parameter '${a.param}' of ${a.handler} is given ${a.given} (${a.source}), but its transform takes ${a.expected}.`,
    hint: (a) => `put a pipe that produces ${a.expected} before ${a.pipe}, or let its transform take ${a.given}.`,
  },
  FW2310: {
    severity: 'error',
    message: (a) =>
      `${a.pipe} is given to parameter '${a.param}' of ${a.handler} as a class, so the injector must create it, but its constructor takes '${a.ctorParam}: ${a.type}', a value no token provides.`,
    hint: (a) =>
      `create it here with its arguments: \`new ${a.pipe}(${a.args})\` with literal values (the tables create it once); or give '${a.ctorParam}' a default value so the injector can create it.`,
  },
  FW2311: {
    severity: 'error',
    message: (a) =>
      `Member '${a.member}' of configuration schema ${a.schema} is @IsOptional() without a default, but declared as ${a.type}: when ${a.member} is unset, get('${a.member}') returns undefined where its type promises a ${a.type}.`,
    hint: (a) => `declare it \`${a.member}?: ${a.type}\` so every reader handles the unset case, or give it a default (\`${a.member} = …\`).`,
  },
  FW2312: {
    severity: 'warning',
    message: (a) => `requestLog option '${a.option}' is ignored: the request log is given its own \`logger\`, whose ${a.what} wins${a.option === 'redact' ? ', so these paths are written in clear' : ''}.`,
    hint: (a) => `set it on your pino logger instead (${a.fix}), or remove '${a.option}'.`,
  },
  FW2313: {
    severity: 'error',
    message: (a) =>
      `app.serveStatic('${a.prefix}', …) covers the route ${a.method} ${a.path} (${a.handler}): routes answer first, so no file under '${a.prefix}' at its paths is ever served, and init refuses a prefix holding a route.`,
    hint: (a) => `serve the files under a prefix of their own (such as '/assets'), or move ${a.handler} out of '${a.prefix}'.`,
  },
  FW2314: {
    severity: 'warning',
    message: (a) => `Configuration schema ${a.schema} is validated by class-validator at start, not by a compiled validator: ${a.subject} cannot be compiled (${a.why}).`,
    hint: () =>
      'its answers are the same, but class-validator is loaded at every start (some 25 ms of CPU in a bundle, 150 ms without); to compile it, use the decorators listed under "Compiled validation" in docs/validation.md with literal arguments, imported from @framework/core/validators.',
  },
} satisfies Record<string, Entry>;
