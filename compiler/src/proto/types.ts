/**
 * What the compiler knows about a `.proto` file after loading it with protobufjs: plain data that
 * `analyze` reads (it never sees protobufjs objects), so tests can hand-write it. Keys: `key.ts`.
 *
 * @example
 * const todo: ProtoFile = { ok: true, file: '/r/src/todo.proto', services: [{ fullName: 'todo.TodoService', rpcs: [...] }], kinds: { todo: 'package', … }, inputs: [...] };
 */

/** One RPC of a service. */
export interface ProtoRpc {
  readonly name: string;
  /** Fully qualified, without the leading dot: `todo.GetTodoRequest`. */
  readonly requestType: string;
  readonly responseType: string;
  readonly requestStream: boolean;
  readonly responseStream: boolean;
  /**
   * Field names of the request message as the runtime decodes them, oneof names included: as written
   * in the `.proto` (keepCase, the default), or in camelCase when loadProto is given `keepCase: false`.
   */
  readonly requestFields: readonly string[];
  /** Field names of the response message, read as `requestFields` are. */
  readonly responseFields: readonly string[];
  /** Where `rpc Name` is written (1-based), when found. */
  readonly line: number;
  readonly column: number;
  /** The `.proto` file that declares it. */
  readonly file: string;
}

export interface ProtoService {
  /** `todo.TodoService`, or `TodoService` without a package. */
  readonly fullName: string;
  readonly rpcs: readonly ProtoRpc[];
}

/** What a fully qualified name of the file's tree is. */
export type ProtoKind = 'package' | 'message' | 'enum' | 'service';

/** A `.proto` file read from disk, with the files it imports. */
export type ProtoFile =
  | {
      readonly ok: true;
      readonly file: string;
      readonly services: readonly ProtoService[];
      /** Every name of the loaded tree (`todo`, `todo.TodoService`, `todo.Todo`) and what it is. */
      readonly kinds: Readonly<Record<string, ProtoKind>>;
      /** The file and every file it imports (bundled `google/protobuf/*` excluded), for the manifest. */
      readonly inputs: readonly ProtoInput[];
      /** TypeScript types of its messages and enums (`types-source.ts`), for `<file>.proto.ts`. */
      readonly types: string;
    }
  | { readonly ok: false; readonly file: string; readonly problem: 'missing' }
  | {
      readonly ok: false;
      readonly file: string;
      readonly problem: 'parse';
      /** The file the error is in (the root file or one it imports). */
      readonly errorFile: string;
      readonly message: string;
      /** 1-based; 0 when protobufjs gave no position. */
      readonly line: number;
      readonly column: number;
    };

export interface ProtoInput {
  readonly file: string;
  readonly text: string;
}

/** How a file is read: the `loadProto` options that change names or imports. */
export interface ProtoReadOptions {
  /** Field names as written (default true), else camelCase. */
  readonly keepCase?: boolean;
  /** Absolute directories searched in order for imports, before the importing file's directory. */
  readonly includeDirs?: readonly string[];
}

/** Loaded `.proto` files by `protoKey` of `key.ts` (the absolute posix path when read with the default options). */
export type ProtoSet = ReadonlyMap<string, ProtoFile>;
