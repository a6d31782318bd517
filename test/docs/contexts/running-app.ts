// An application created in this file, before or after init.
import { FrameworkApplication } from '@framework/core';
declare const app: FrameworkApplication;
