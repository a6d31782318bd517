/**
 * Every diagnostic `framework-build` can report: a stable code, a severity, and templates for the
 * message (what is wrong, where) and the hint (how to fix it). Codes never change meaning; retired
 * codes are not reused.
 *
 * FW10xx: modules and dependency injection. FW12xx: HTTP routes and DTOs. FW13xx: guards.
 *
 * @example
 * const d = diagnostic('FW1202', location, { name: 'x', handler: 'TodoController.findOne', path: '/todo/:id', params: [':id'] });
 */
export type Severity = 'error' | 'warning';

type Args = Record<string, string>;

interface Entry {
  readonly severity: Severity;
  readonly message: (a: Args) => string;
  readonly hint: (a: Args) => string;
}

export const catalogue = {
  FW1001: {
    severity: 'error',
    message: (a) =>
      `${a.owner} needs '${a.param}: ${a.type}' (constructor parameter ${a.position}), but no module in scope of ${a.module} provides ${a.token}.`,
    hint: (a) => `add ${a.token} to the \`injectables\` of ${a.module}, or import the module that provides it.`,
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
    hint: () => 'declare the parameter with a class type, or name the token with @Inject(<token>) on the parameter.',
  },
  FW1007: {
    severity: 'error',
    message: (a) => `${a.name} is used by the ${a.use} but is not exported from ${a.file}; the generated tables must import it.`,
    hint: (a) => `add \`export\` to the declaration of ${a.name}.`,
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
    severity: 'warning',
    message: (a) => `@Body() parameter '${a.param}' of ${a.handler} has type ${a.type}, which is not a class, so the body is not validated.`,
    hint: () => 'declare a DTO class whose members carry class-validator decorators and use it as the parameter type.',
  },
  FW1205: {
    severity: 'error',
    message: (a) => `Parameter '${a.param}' of handler ${a.handler} has no parameter decorator, so the router has nothing to pass.`,
    hint: () => 'decorate it with @Req(), @Body(), @Query(), @Param(name), @Header() or @Ctx(), or remove it.',
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
} satisfies Record<string, Entry>;

export type DiagnosticCode = keyof typeof catalogue;
