/**
 * The gRPC part of the IR: `@GrpcController` classes, the statically resolved service definition
 * they were given, and their `@GrpcMethod` handlers. Plain data, like the rest of the IR.
 *
 * @example
 * const controller: GrpcControllerIR = { family: 'grpc', def: { protoFile: '/r/src/todo.proto', members: ['todo', 'TodoService', 'service'], … }, methods: [...], … };
 */
import type { ChainIR } from './chain.js';
import type { ParamIR } from './params.js';
import type { SourceLocation } from './source.js';

/**
 * Where the definition given to `@GrpcController` comes from: the `.proto` file of a
 * `loadProto(<path>)` call, then the property chain read from the returned tree.
 */
export interface GrpcDefIR {
  /** Absolute posix path of the `.proto` file. */
  readonly protoFile: string;
  /** The `loadProto(…)` call, where problems with the file itself point. */
  readonly loadLocation: SourceLocation;
  /** The members read from the tree, in order: `['todo', 'TodoService', 'service']`. */
  readonly members: readonly string[];
  /** How the path was written when it depends on the working directory (a relative string), for FW1410. */
  readonly cwdRelative?: string;
  /**
   * The options given to `loadProto(path, options)` that change what is read; absent when they are
   * the runtime's defaults (keepCase, no include directories), `'unreadable'` when they cannot be
   * read statically (FW1415 was reported, and the `.proto` is not checked).
   */
  readonly options?: ProtoLoadOptionsIR | 'unreadable';
  /** The argument of `@GrpcController` as written, and where. */
  readonly text: string;
  readonly location: SourceLocation;
}

/** The `loadProto` options the compiler honours; the others (`longs`, `enums`, …) change no name. */
export interface ProtoLoadOptionsIR {
  /** `keepCase` (default true): false turns field names into camelCase, as @grpc/proto-loader does. */
  readonly keepCase: boolean;
  /** `includeDirs`, searched in order for imports before the importing file's directory. */
  readonly includeDirs: readonly IncludeDirIR[];
}

/** One entry of `includeDirs`. */
export interface IncludeDirIR {
  /** Absolute posix path. */
  readonly dir: string;
  /** As written when relative (it then depends on the working directory at run time), for FW1410. */
  readonly cwdRelative?: string;
  readonly location: SourceLocation;
}

/** What a gRPC handler returns, as its RPC's kind sees it (see `discover/grpc/return-shape.ts`). */
export interface GrpcReturnIR {
  /** `iterable`: messages to stream; `single`: one message; `empty`: void; `unknown`: any, unknown, a mixed union. */
  readonly kind: 'iterable' | 'single' | 'empty' | 'unknown';
  /** The return type as written (or as inferred). */
  readonly text: string;
  /** Data fields of the message type (of its elements, for an iterable), when it is a plain object type. */
  readonly fields?: readonly string[];
}

/** One `@GrpcMethod()` handler. */
export interface GrpcMethodIR {
  readonly methodName: string;
  /** The method name: the `source` of the entry, and where method diagnostics point. */
  readonly location: SourceLocation;
  /** The RPC name argument of `@GrpcMethod('Rpc')`, else the decorator. */
  readonly rpcLocation: SourceLocation;
  /** The RPC it binds: the argument of `@GrpcMethod`, else the method name. */
  readonly rpc: string;
  /** Whether the RPC was named explicitly. */
  readonly explicit: boolean;
  /** Not callable from the generated file (private, protected or static). */
  readonly inaccessible?: string;
  readonly params: readonly ParamIR[];
  readonly chain: ChainIR;
  /** What the method returns; absent for handlers inherited from a class the compiler cannot read. */
  readonly returns?: GrpcReturnIR;
}

/** A `@GrpcController(definition)` class. */
export interface GrpcControllerIR {
  readonly family: 'grpc';
  readonly chain: ChainIR;
  /** Absent when the definition could not be resolved at build time (FW1401 was reported). */
  readonly def?: GrpcDefIR;
  readonly methods: readonly GrpcMethodIR[];
  /** The `@GrpcController(…)` decorator, where service-level diagnostics point. */
  readonly location: SourceLocation;
}
