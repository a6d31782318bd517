"""An independent gRPC client of the todo example: Python's grpcio (the C core, not grpc-js).

It knows nothing of todo.proto. It lists the services and reads the schema of todo.TodoService
through server reflection alone, builds the message classes from the descriptors it got, checks
health, and calls the unary and streaming RPCs. It prints one JSON object for the test to check.

Usage: python3 todo_client.py <address> <bearer token> <dir of the compiled health/reflection protos>
"""
import json
import sys

sys.path.insert(0, sys.argv[3])

import grpc  # noqa: E402
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory  # noqa: E402

import health_pb2  # noqa: E402
import health_pb2_grpc  # noqa: E402
from v1 import reflection_pb2 as v1  # noqa: E402
from v1 import reflection_pb2_grpc as v1_grpc  # noqa: E402
from v1alpha import reflection_pb2 as v1alpha  # noqa: E402
from v1alpha import reflection_pb2_grpc as v1alpha_grpc  # noqa: E402

address, token = sys.argv[1], sys.argv[2]
channel = grpc.insecure_channel(address)
result = {}


def reflect(stub_class, module, request):
    """One request on the reflection stream, its one answer."""
    return next(iter(stub_class(channel).ServerReflectionInfo(iter([module.ServerReflectionRequest(**request)]), timeout=10)))


result["services_v1"] = sorted(s.name for s in reflect(v1_grpc.ServerReflectionStub, v1, {"list_services": ""}).list_services_response.service)
result["services_v1alpha"] = sorted(
    s.name for s in reflect(v1alpha_grpc.ServerReflectionStub, v1alpha, {"list_services": ""}).list_services_response.service
)

# The schema of todo.TodoService from reflection alone: its file and the files it depends on.
files = reflect(v1_grpc.ServerReflectionStub, v1, {"file_containing_symbol": "todo.TodoService"}).file_descriptor_response.file_descriptor_proto
pool = descriptor_pool.DescriptorPool()
pending = [descriptor_pb2.FileDescriptorProto.FromString(raw) for raw in files]
added = set()
while pending:
    ready = [proto for proto in pending if all(dep in added for dep in proto.dependency)]
    if not ready:
        raise SystemExit("reflection did not send every file needed: " + ", ".join(p.name for p in pending))
    for proto in ready:
        pool.Add(proto)
        added.add(proto.name)
        pending.remove(proto)

pool.FindServiceByName("todo.TodoService")  # the service resolves, its message types included
result["methods"] = {
    m.name: {"input": m.input_type.lstrip("."), "output": m.output_type.lstrip("."), "client_streaming": m.client_streaming, "server_streaming": m.server_streaming}
    for proto in (descriptor_pb2.FileDescriptorProto.FromString(raw) for raw in files)
    for s in proto.service
    if f"{proto.package}.{s.name}" == "todo.TodoService"
    for m in s.method
}

factory = message_factory.MessageFactory(pool)


def message_class(name):
    return factory.GetPrototype(pool.FindMessageTypeByName(name))


def method(name, kind):
    info = result["methods"][name]
    request, response = message_class(info["input"]), message_class(info["output"])
    return getattr(channel, kind)(f"/todo.TodoService/{name}", request_serializer=request.SerializeToString, response_deserializer=response.FromString), request


auth = [("authorization", f"Bearer {token}")]
todo_fields = lambda t: {"id": t.id, "title": t.title, "done": t.done}  # noqa: E731

create, CreateRequest = method("CreateTodo", "unary_unary")
created = [todo_fields(create(CreateRequest(title=f"py {n}"), metadata=auth, timeout=10)) for n in range(3)]
result["created"] = created

list_todos, ListRequest = method("ListTodos", "unary_stream")
result["listed"] = [todo_fields(t) for t in list_todos(ListRequest(offset=0, limit=0), metadata=auth, timeout=10)]
result["listed_page"] = [t.title for t in list_todos(ListRequest(offset=1, limit=1), metadata=auth, timeout=10)]
try:
    list(list_todos(ListRequest(), timeout=10))
    result["listed_without_token"] = "OK"
except grpc.RpcError as error:
    result["listed_without_token"] = error.code().name

sync, Change = method("SyncTodos", "stream_stream")
changes = [Change(title="py synced"), Change(id=created[0]["id"], done=True)]
result["synced"] = [todo_fields(t) for t in sync(iter(changes), metadata=auth, timeout=10)]
try:
    list(sync(iter([Change(title="py ok"), Change(id="999999", done=True)]), metadata=auth, timeout=10))
    result["sync_unknown"] = "OK"
except grpc.RpcError as error:
    result["sync_unknown"] = error.code().name

health = health_pb2_grpc.HealthStub(channel)
result["health"] = {
    name or "(server)": health_pb2.HealthCheckResponse.ServingStatus.Name(health.Check(health_pb2.HealthCheckRequest(service=name), timeout=10).status)
    for name in ["", "todo.TodoService"]
}
try:
    health.Check(health_pb2.HealthCheckRequest(service="no.Such"), timeout=10)
    result["health_unknown"] = "OK"
except grpc.RpcError as error:
    result["health_unknown"] = error.code().name
listed = health.List(health_pb2.HealthListRequest(), timeout=10).statuses
result["health_list"] = {name or "(server)": health_pb2.HealthCheckResponse.ServingStatus.Name(s.status) for name, s in listed.items()}

print(json.dumps(result))
