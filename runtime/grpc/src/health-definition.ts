import type { ServiceDefinition } from '@grpc/grpc-js';
import protobuf from 'protobufjs';
import { defaultProtoOptions } from './load-proto.js';
import { packageDefinitionOf } from './proto-definitions.js';

/** The name of the standard health service, as clients and reflection see it. */
export const HEALTH_SERVICE = 'grpc.health.v1.Health';

/** A service's status, as the standard health protocol names it. */
export type ServingStatus = 'UNKNOWN' | 'SERVING' | 'NOT_SERVING' | 'SERVICE_UNKNOWN';

// The messages and methods of the standard `grpc.health.v1` protocol, as a protobuf.js JSON
// descriptor: built in memory with the protobufjs the server already has, so serving health
// checks reads no file (Deno needs no read permission for it).
const HEALTH_PROTOCOL = {
  nested: {
    grpc: {
      nested: {
        health: {
          nested: {
            v1: {
              nested: {
                HealthCheckRequest: { fields: { service: { type: 'string', id: 1 } } },
                HealthCheckResponse: {
                  fields: { status: { type: 'ServingStatus', id: 1 } },
                  nested: { ServingStatus: { values: { UNKNOWN: 0, SERVING: 1, NOT_SERVING: 2, SERVICE_UNKNOWN: 3 } } },
                },
                HealthListRequest: { fields: {} },
                HealthListResponse: { fields: { statuses: { keyType: 'string', type: 'HealthCheckResponse', id: 1 } } },
                Health: {
                  methods: {
                    Check: { requestType: 'HealthCheckRequest', responseType: 'HealthCheckResponse' },
                    List: { requestType: 'HealthListRequest', responseType: 'HealthListResponse' },
                    Watch: { requestType: 'HealthCheckRequest', responseType: 'HealthCheckResponse', responseStream: true },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
} as unknown as protobuf.INamespace; // protobuf.js's JSON types want a `comment` on every method and have no map fields

/**
 * The grpc-js definition of `grpc.health.v1.Health` (Check, List, Watch), statuses as their enum
 * names. Built on first use.
 *
 * @example
 * server.addService(healthDefinition(), { check, list, watch });
 */
export function healthDefinition(): ServiceDefinition {
  if (!definition) {
    const root = protobuf.Root.fromJSON(HEALTH_PROTOCOL);
    root.resolveAll();
    definition = packageDefinitionOf(root, defaultProtoOptions)[HEALTH_SERVICE] as ServiceDefinition;
  }
  return definition;
}

let definition: ServiceDefinition | undefined;
