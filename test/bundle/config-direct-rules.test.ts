// The bundler proves a Worker needs no class-validator for its configuration from the rules
// ConfigModule checks itself: its list must be the runtime's, or a schema with a rule the runtime
// leaves to class-validator would lose it.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CONFIG_DIRECT_RULES } from '../../compiler/src/bundle/class-validator-need.js';
import { DIRECT_RULES } from '../../runtime/core/src/config/direct-rules.js';

test("the bundler's list of the rules ConfigModule checks itself is the runtime's, with IsOptional", () => {
  assert.equal([...CONFIG_DIRECT_RULES].sort(), [...Object.keys(DIRECT_RULES), 'IsOptional'].sort());
});

test.run();
