// A handler making a grpc-js call of its own.
import { Metadata } from '@grpc/grpc-js';
