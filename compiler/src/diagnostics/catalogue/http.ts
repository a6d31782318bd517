import type { Entry } from './entry.js';

/**
 * FW12xx: HTTP routes, their parameters and body DTOs.
 * Part of the diagnostics catalogue (`../catalogue.ts`), whose conventions hold here.
 *
 * @example
 * httpCatalogue.FW1201.severity // 'error'
 */
export const httpCatalogue = {
  FW1201: {
    severity: 'error',
    message: (a) => `Member '${a.member}' of body class ${a.dto} has no class-validator decorator; every body member needs one.`,
    hint: (a) =>
      `decorate '${a.member}' with ${a.rule ? `${a.rule} (its declared type)` : 'a class-validator decorator that matches its type (e.g. @IsString())'}, ` +
      `and with @IsOptional() too if a body may leave it out (else its absence is a 400); or remove it from ${a.dto}.`,
  },
  FW1202: {
    severity: 'error',
    message: (a) => `@Param('${a.name}') of ${a.handler} has no ':${a.name}' in its route path '${a.path}'.`,
    hint: (a) =>
      a.slip === 'colon'
        ? `the segment '${a.name}' of the path is literal text; write ':${a.name}' to make it a parameter.`
        : a.slip === 'name'
          ? `did you mean ':${a.near}'? Write @Param('${a.near}'), or rename the path's ':${a.near}' to ':${a.name}'.`
          : a.params
            ? `the path declares ${a.params}; use one of them, or add '/:${a.name}' to the path.`
            : `the path declares no parameters; add '/:${a.name}' to the path.`,
  },
  FW1203: {
    severity: 'error',
    message: (a) => `Duplicate route ${a.method} ${a.path}: ${a.first} (${a.firstAt}) and ${a.second} (${a.secondAt}) both handle it.`,
    hint: () => 'change the path or the HTTP method of one of the two handlers, or merge them.',
  },
  FW1204: {
    severity: 'error',
    message: (a) =>
      `@Body() parameter '${a.param}' of ${a.handler} has type ${a.type}, which is not a validated class${a.element ? ` nor an array of one (its elements are ${a.element})` : ''}, so the body would reach the handler unchecked.`,
    hint: (a) =>
      `declare a DTO class whose members carry class-validator decorators and use it as the parameter type${a.element ? ` (\`@Body() ${a.param}: ThatDto[]\` for an array: each element is validated as ThatDto)` : ''}, ` +
      'name a Standard Schema (Zod, Valibot, ArkType) as @Body({ schema: CreateNote }), ' +
      'or write @Body({ validate: false }) to take the parsed JSON unchecked on purpose.',
  },
  FW1205: {
    severity: 'error',
    message: (a) => `Parameter '${a.param}' of handler ${a.handler} has no parameter decorator, so the router has nothing to pass.`,
    hint: () => 'decorate it with @Req(), @Body(), @Query(), @Param(name), @Header(), @Cookie(name) or @Ctx(), or remove it.',
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
  FW1209: {
    severity: 'error',
    message: (a) => `${a.extra} on ${a.handler} adds a second route to a handler that ${a.first} already routes: a handler serves one route${a.stream ? `, and ${a.first} is always served on GET` : ''}.`,
    hint: (a) =>
      a.stream
        ? `remove ${a.extra}: ${a.stream}; read what the stream needs from the path, the query or the headers.`
        : `keep one route decorator per method; to answer a second method or path too, add a method with its own decorator that calls this one.`,
  },
  FW1210: {
    severity: 'error',
    message: (a) => `${a.decorator} is a parameter decorator, but it decorates ${a.kind}, ${a.member}: the framework reads it only on a handler's parameters, so it is ignored here.`,
    hint: (a) =>
      // NestJS's @Header(name, value) on a handler sets a response header; here that is @SetHeader.
      (a.decorator === '@Header' && a.kind === 'a method' ? 'to set a response header (what @Header(name, value) does in NestJS), write @SetHeader(name, value); to read a request header, ' : '') +
      `move ${a.decorator} onto the parameter of the handler that receives the value: \`handler(${a.decorator}(…) value: …)\`` +
      (a.kind === 'a constructor parameter' ? '; a constructor runs once, before any request, and takes only dependencies (by type, or named with @Inject(token)).' : '.'),
  },
  FW1211: {
    severity: 'error',
    message: (a) =>
      `@Body(${a.pipe}) on parameter '${a.param}' of ${a.handler}: pipes do not apply to a body here; the parameter's declared type says that the body is an array and what each element is validated as.`,
    hint: (a) =>
      `write \`@Body() ${a.param}: ${a.items ?? 'ItemDto'}[]\`${a.items ? '' : ' with a DTO class'}: each element is then validated as ${a.items ?? 'that class'} ` +
      "(whitelisted, an instance of it), a body that is not a JSON array is a 400, and the reasons name the element's index ('[1] name must be a string'), as ParseArrayPipe's do.",
  },
} satisfies Record<string, Entry>;
