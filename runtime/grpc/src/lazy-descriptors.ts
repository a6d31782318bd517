import { createRequire } from 'node:module';
import type protobuf from 'protobufjs';
import { bundledModule } from './bundled-protos.js';

/**
 * The descriptor parts of the definitions `loadProto` builds, made on first read: only server
 * reflection (or an application reading `requestType.type`) needs them, and making them loads
 * protobufjs's own `descriptor.proto` schema, which costs tens of milliseconds at start.
 */

/** A protobufjs message built by the descriptor extension: its `$type` converts it to a plain object. */
interface DescriptorMessage {
  readonly $type: protobuf.Type;
}

/** What `protobufjs/ext/descriptor` adds: the descriptor types, and `toDescriptor` on roots, types and enums. */
interface DescriptorExtension {
  readonly FileDescriptorProto: protobuf.Type;
}
type Describable = { toDescriptor(syntax: string): DescriptorMessage & { file?: object[] } };

// Loaded synchronously because a definition's getters are synchronous; from this package's own
// protobufjs, the one whose prototypes `loadProto` builds on. A bundle has no node_modules to
// require it from: it carries the extension itself (see bundled-protos.ts).
const requireFromHere = createRequire(import.meta.url);
let extension: DescriptorExtension | undefined;
function descriptorExtension(): DescriptorExtension {
  return (extension ??= (bundledModule('protobufjs/ext/descriptor') ?? requireFromHere('protobufjs/ext/descriptor')) as DescriptorExtension);
}

/**
 * protobufjs's `google.protobuf.FileDescriptorProto` type, to read and rewrite the serialized
 * descriptors of `fileDescriptorsOf` (reflection leaves out the services a server does not serve).
 *
 * @example
 * const file = fileDescriptorType().decode(fileDescriptorsOf(root)[0]);
 */
export function fileDescriptorType(): protobuf.Type {
  return descriptorExtension().FileDescriptorProto;
}

/** How proto-loader converts descriptors to plain objects (enum names, 64-bit integers and bytes as strings, JSON values). */
const descriptorConversion: protobuf.IConversionOptions = { longs: String, enums: String, bytes: String, defaults: true, oneofs: true, json: true };

const filesByRoot = new WeakMap<protobuf.Root, readonly Buffer[]>();

/**
 * The serialized `FileDescriptorProto` of every file of `root`, made once per root and shared by
 * every definition of it (reflection indexes them by file).
 *
 * @example
 * fileDescriptorsOf(root); // [<Buffer 0a 0a 74 6f 64 6f …>]
 */
export function fileDescriptorsOf(root: protobuf.Root): readonly Buffer[] {
  let files = filesByRoot.get(root);
  if (!files) {
    const { FileDescriptorProto } = descriptorExtension();
    const set = (root as unknown as Describable).toDescriptor('proto3');
    files = (set.file ?? []).map((file) => Buffer.from(FileDescriptorProto.encode(file).finish()));
    filesByRoot.set(root, files);
  }
  return files;
}

/**
 * The descriptor of a message type or an enum as a plain object (`DescriptorProto` or
 * `EnumDescriptorProto`: proto-loader's `type` of a message or enum definition).
 *
 * @example
 * descriptorObjectOf(root.lookupType('todo.Todo')).field.map((f) => f.name); // ['id', 'title', 'done']
 */
export function descriptorObjectOf(node: protobuf.Type | protobuf.Enum): object {
  descriptorExtension();
  const descriptor = (node as unknown as Describable).toDescriptor('proto3');
  return descriptor.$type.toObject(descriptor as unknown as protobuf.Message, descriptorConversion);
}
