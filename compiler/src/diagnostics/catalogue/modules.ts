import { importHint, type Entry } from './entry.js';

/**
 * FW10xx: modules, dependency injection, the build itself, and decorators or classes written where
 * or how the compiler cannot read them (FW1008, FW1015–FW1019). FW20xx: factory and alias providers
 * (`useFactory`, `useExisting`).
 * Part of the diagnostics catalogue (`../catalogue.ts`), whose conventions hold here.
 *
 * @example
 * modulesCatalogue.FW1001.severity // 'error'
 */
export const modulesCatalogue = {
  FW1001: {
    severity: 'error',
    message: (a) =>
      `${a.owner} needs '${a.param}: ${a.type}' (constructor parameter ${a.position}), but no module in scope of ${a.module} provides ${a.token}.`,
    hint: (a) => (a.provider ? importHint(a) : `add ${a.token} to the \`injectables\` of ${a.module} (what NestJS calls \`providers\`), or import the module that provides it.`),
  },
  FW1002: {
    severity: 'error',
    message: (a) => `Dependency cycle: ${a.cycle}. None of these providers can be constructed.`,
    hint: () => 'move what the providers share into a third injectable that both depend on, so the constructors no longer need each other.',
  },
  FW1003: {
    severity: 'warning',
    message: (a) => `${a.kind} ${a.name} is never reachable from the root module ${a.root}, so it is not part of the application.`,
    hint: (a) => `list it in the \`${a.field}\`${a.field === 'injectables' ? ' (what NestJS calls `providers`)' : ''} of ${a.root} or of a module imported from it, or delete it.`,
  },
  FW1004: {
    severity: 'error',
    message: (a) =>
      a.cause === 'import'
        ? `${a.what} must be static (${a.expected}), but \`${a.text}\` is imported from '${a.from}', which is no file of the project, so framework-build cannot read it.`
        : `${a.what} must be static (${a.expected}), but \`${a.text}\` is only known at run time.`,
    hint: (a) =>
      a.cause === 'import'
        ? `fix the path of that import (a renamed or moved file? tsc reports it as TS2307).`
        : 'write the value as a literal in the decorator, or move it into an exported `const` initialised with a literal.',
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
    hint: (a) =>
      // The reason of a type imported from a file that is not there (discover/classes.ts) ends so.
      a.reason?.endsWith('fix that import')
        ? 'fix the path of that import (a renamed or moved file? tsc reports it as TS2307): the class it names is then the token.'
        : 'declare the parameter with a class type, or name the token with @Inject(<token>) on the parameter; an option with a default value (`options: Options = {}`) as the last parameters is left to its default.',
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
    hint: (a) =>
      (a.later
        ? `close the block this '{' opens, or remove it if it is one too many (tsc reports the file at line ${a.later}, where the parser gave up)`
        : 'fix the syntax here (tsc reports the same error)') + '; until the file parses, framework-build cannot read what it declares, so it writes nothing.',
  },
  FW1015: {
    severity: 'error',
    message: (a) => `${a.name} is decorated with ${a.decorator} but declared with \`declare\`: a declared class has no value at run time, so the generated tables would import undefined.`,
    hint: () => 'remove `declare` and give the class its body, or move the decorator to the class that implements it.',
  },
  FW1016: {
    severity: 'error',
    message: (a) =>
      `\`${a.text}\` applies ${a.decorators} through an expression framework-build cannot resolve to one decorator, so it does not read it: what it declares would be missing from the generated tables.`,
    hint: (a) => `write ${a.direct} directly.`,
  },
  FW1017: {
    severity: 'error',
    message: (a) =>
      `${a.name} is decorated with ${a.decorator} but is ${a.where}: framework-build reads only classes declared at the top level of a file, so it is not part of the application.`,
    hint: (a) =>
      `declare it as a top-level exported class: \`${a.decorator}(…) export class ${a.suggested} {…}\`${a.mixin ? `; for the class the mixin ${a.mixin} makes, decorate one that extends its result: \`${a.decorator}(…) export class ${a.suggested} extends ${a.mixin}(…) {}\`` : ''}.`,
  },
  FW1018: {
    severity: 'error',
    message: (a) =>
      `${a.decorator} takes ${a.takes} ${a.params}, but is given ${a.given}: framework-build would read ${a.kept} and drop \`${a.extra}\`, and tsc rejects the call.`,
    hint: (a) =>
      (a.decorator === '@Header' ? 'to set a response header (what @Header(name, value) does in NestJS), write @SetHeader(name, value); to read a request header, ' : '') +
      `remove \`${a.extra}\`: ${a.decorator} takes ${a.params}.`,
  },
  FW1019: {
    severity: 'error',
    message: (a) =>
      `${a.decorator} is applied without being called: it makes a decorator from its arguments ${a.params}, so applied bare it decorates nothing at run time, and tsc rejects it.`,
    hint: (a) => `call it: \`${a.decorator}(…)\` with the arguments it takes ${a.params}.`,
  },
  FW1020: {
    severity: 'error',
    message: (a) =>
      `${a.module} imports ${a.imported}, which leads back to ${a.module} (${a.cycle}): each @Module is read as its file loads, so one of them would read the other before its class exists, and the start would stop with "Cannot access '…' before initialization".`,
    hint: (a) =>
      `remove ${a.imported} from the \`imports\` of ${a.module}, or move what both need into a third module that each imports (modules cannot import each other: there is no forwardRef).`,
  },
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
} satisfies Record<string, Entry>;
